import { EditorView } from '@codemirror/view'
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { stubTextLayout } from '../../components/code-editor/test/jsdomRanges'
import { findHeading, renderApp, resetApp } from '../../test/renderApp'
import { json } from '../credentials/test/restServer'
import { freshAdmin } from '../flows/test/flowServer'
import { toolOf, toolServer } from './test/toolServer'

// The whole app renders here, on a machine other test runs share: give it time.
configure({ asyncUtilTimeout: 5000 })

const cityRows = [
  { id: 1, property: 'city', type: 'string', description: 'The city', required: true },
  { id: 2, property: 'days', type: 'number', description: '', required: false },
]
const weather = toolOf('t1', 'get_weather', {
  description: 'Weather for a city',
  schema: JSON.stringify(cityRows),
  func: 'return $city',
})
const handbook = toolOf(
  't2',
  'search_docs',
  { description: 'Searches the handbook', iconSrc: 'https://example.com/book.svg' },
  26,
)

const dialogNamed = (name: string) => screen.findByRole('dialog', { name })
const fieldIn = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement

/** Replaces the text of a CodeMirror editor, as typing would. */
async function writeCode(dialog: HTMLElement, label: string, text: string) {
  const content = await within(dialog).findByRole('textbox', { name: label }, { timeout: 10_000 })
  const view = EditorView.findFromDOM(content)!
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }))
}

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Tools' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent)

// jsdom's Blob and File have no text(): files are read as an older browser would.
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.readAsText(blob)
  })
const fileOf = (text: string, name: string) => Object.assign(new File([text], name), { text: async () => text })

/** Catches the file a download would save: jsdom has no object URLs. */
function catchDownloads() {
  const files: { name: string; text: Promise<string> }[] = []
  let lastBlob: Blob | undefined
  class DownloadURL extends URL {
    static override createObjectURL(blob: Blob) {
      lastBlob = blob
      return 'blob:tool'
    }
    static override revokeObjectURL() {}
  }
  vi.stubGlobal('URL', DownloadURL)
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, text: readText(lastBlob!) })
  })
  return files
}

describe('tools screen', { timeout: 30_000 }, () => {
  beforeAll(stubTextLayout)
  afterEach(() => {
    vi.restoreAllMocks()
    resetApp()
  })

  it('lists tools with their icon or colour, description and last change, and finds them', async () => {
    toolServer([weather, handbook])
    renderApp('/tools', { user: freshAdmin() })
    const table = await screen.findByRole('table', { name: 'Tools' }, { timeout: 10_000 })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Description', 'Last Updated', 'Actions'])
    const [, first, second] = within(table).getAllByRole('row')
    expect(within(first!).getByRole('button', { name: 'get_weather' })).toBeTruthy()
    expect(within(first!).getByText('Weather for a city')).toBeTruthy()
    expect(within(first!).getByText('an hour ago')).toBeTruthy()
    expect(first!.querySelector('img')).toBeNull()
    expect(second!.querySelector('img')?.getAttribute('src')).toBe('https://example.com/book.svg')
    expect(within(second!).getByText('a day ago')).toBeTruthy()

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search tools' }), { target: { value: 'HANDBOOK' } })
    await waitFor(() => expect(rowNames()).toEqual(['search_docs']))
  })

  it('invites the user to create a first tool, and shows why the list did not load', async () => {
    const server = toolServer([])
    // Only the list's first call fails: the header's own calls go through as usual.
    const answer = server.fetch.getMockImplementation()!
    let failed = false
    server.fetch.mockImplementation(async (url, init) => {
      if (failed || url !== '/api/v1/tools') return answer(url, init)
      failed = true
      return json({ message: 'Database is busy' }, 500)
    })
    renderApp('/tools', { user: freshAdmin() })
    expect(await screen.findByText('Could not load tools', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText('Database is busy')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('No tools yet')).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Create' })).toHaveLength(2)
    expect(screen.getAllByRole('button', { name: 'Load' })).toHaveLength(2)
  })

  it('creates a tool: names what is wrong first, shows a taken name, then lists it', async () => {
    const server = toolServer([weather])
    renderApp('/tools', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }, { timeout: 10_000 }))
    const dialog = await dialogNamed('Create Tool')
    expect(within(dialog).getByText(/^Up to 64 letters, digits, _ or -/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Tool Name is required')).toBeTruthy()
    expect(
      within(dialog).getByText('Tool Description is required: it tells the model when to use the tool'),
    ).toBeTruthy()
    fireEvent.change(fieldIn(dialog, 'Tool Name'), { target: { value: 'get weather!' } })
    expect(
      within(dialog).getByText(
        'Tool Name must hold only letters, digits, _ and - (not a space, "!"), e.g. get_order_status',
      ),
    ).toBeTruthy()
    expect(server.calls('POST')).toEqual([])

    fireEvent.change(fieldIn(dialog, 'Tool Name'), { target: { value: 'get_weather' } })
    fireEvent.change(fieldIn(dialog, 'Tool Description'), { target: { value: 'Forecast for a city' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add property' }))
    fireEvent.change(fieldIn(dialog, 'Property 1'), { target: { value: 'city' } })
    fireEvent.click(fieldIn(dialog, 'Required 1'))
    await writeCode(dialog, 'JavaScript Function', 'return `Sunny in ${$city}`')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('A tool named get_weather already exists')).toBeTruthy()

    fireEvent.change(fieldIn(dialog, 'Tool Name'), { target: { value: 'get_forecast' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Tool get_forecast created')).toBeTruthy()
    expect(server.calls('POST').at(-1)).toEqual({
      path: '/tools',
      body: {
        name: 'get_forecast',
        description: 'Forecast for a city',
        color: '#0F9D8A',
        iconSrc: null,
        schema: JSON.stringify([{ id: 1, property: 'city', type: 'string', description: '', required: true }]),
        func: 'return `Sunny in ${$city}`',
      },
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByRole('button', { name: 'get_forecast' })).toBeTruthy()
  })

  it('edits a tool, its schema rows included', async () => {
    const server = toolServer([weather])
    renderApp('/tools', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit get_weather' }, { timeout: 10_000 }))
    const dialog = await dialogNamed('Edit get_weather')
    expect(fieldIn(dialog, 'Tool Name').value).toBe('get_weather')
    expect(fieldIn(dialog, 'Property 1').value).toBe('city')
    expect(fieldIn(dialog, 'Required 1').checked).toBe(true)
    expect(fieldIn(dialog, 'Property 2').value).toBe('days')

    fireEvent.change(fieldIn(dialog, 'Tool Description'), { target: { value: 'Weather for any city' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete property 2' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Tool get_weather saved')).toBeTruthy()
    expect(await screen.findByText('Weather for any city')).toBeTruthy()
    expect(server.calls('PUT')).toEqual([
      {
        path: '/tools/t1',
        body: {
          name: 'get_weather',
          description: 'Weather for any city',
          color: '#4F6BED',
          iconSrc: null,
          schema: JSON.stringify([cityRows[0]]),
          func: 'return $city',
        },
      },
    ])
  })

  it('writes the schema as JSON Schema, says what is wrong with it, and converts back to the grid', async () => {
    toolServer([weather])
    renderApp('/tools', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit get_weather' }, { timeout: 10_000 }))
    const dialog = await dialogNamed('Edit get_weather')
    fireEvent.click(within(dialog).getByRole('button', { name: 'JSON Schema' }))
    const editor = await within(dialog).findByRole('textbox', { name: 'Input Schema (JSON)' }, { timeout: 10_000 })
    expect(JSON.parse(editor.textContent!)).toEqual({
      type: 'object',
      properties: { city: { type: 'string', description: 'The city' }, days: { type: 'number' } },
      required: ['city'],
    })

    await writeCode(dialog, 'Input Schema (JSON)', '{ "type": "object", ')
    expect(await within(dialog).findByText(/^Input Schema is not valid JSON: /)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grid' }))
    expect(await screen.findByText(/^Fix the Input Schema before switching/)).toBeTruthy()

    await writeCode(
      dialog,
      'Input Schema (JSON)',
      '{ "type": "object", "properties": { "units": { "type": "string", "enum": ["metric", "imperial"] } } }',
    )
    await waitFor(() => expect(within(dialog).queryByText(/^Input Schema is not valid JSON/)).toBeNull())
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grid' }))
    const ask = await dialogNamed('Switch to the grid?')
    expect(ask.textContent).toContain('What else units say is dropped.')
    fireEvent.click(within(ask).getByRole('button', { name: 'Switch' }))
    await waitFor(() => expect(fieldIn(dialog, 'Property 1').value).toBe('units'))
  })

  it('runs the function on sample input and shows its output, or its error', async () => {
    const server = toolServer([weather], ({ input }) =>
      input.city === 'Atlantis'
        ? { error: 'ReferenceError: atlantis is not defined' }
        : { output: `Sunny in ${String(input.city)} for ${String(input.days)} days` },
    )
    // The first run waits until the test lets it answer, to show the running state.
    const answer = server.fetch.getMockImplementation()!
    let release: (() => void) | undefined
    server.fetch.mockImplementation(async (url, init) => {
      if (url === '/api/v1/tools/test' && !release) await new Promise<void>((resolve) => (release = resolve))
      return answer(url, init)
    })
    renderApp('/tools', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'get_weather' }, { timeout: 10_000 }))
    const dialog = await dialogNamed('Edit get_weather')
    const test = within(dialog).getByRole('region', { name: 'Test' })
    fireEvent.click(within(test).getByRole('button', { name: 'Run' }))
    expect(await within(test).findByText('city is required')).toBeTruthy()
    expect(server.calls('POST')).toEqual([])

    fireEvent.change(within(test).getByLabelText(/^city/), { target: { value: 'Oslo' } })
    fireEvent.change(within(test).getByLabelText(/^days/), { target: { value: '3' } })
    fireEvent.click(within(test).getByRole('button', { name: 'Run' }))
    expect(await within(test).findByRole('button', { name: 'Running…' })).toBeTruthy()
    release!()
    const output = await within(test).findByRole('region', { name: 'Output' })
    expect(output.textContent).toBe('Sunny in Oslo for 3 days')
    expect(server.calls('POST')).toEqual([
      { path: '/tools/test', body: { func: 'return $city', schema: weather.schema, input: { city: 'Oslo', days: 3 } } },
    ])

    fireEvent.change(within(test).getByLabelText(/^city/), { target: { value: 'Atlantis' } })
    fireEvent.click(within(test).getByRole('button', { name: 'Run' }))
    expect(await within(test).findByText('The function failed')).toBeTruthy()
    expect(within(test).getByText('ReferenceError: atlantis is not defined')).toBeTruthy()
    expect(within(test).queryByRole('region', { name: 'Output' })).toBeNull()
  })

  it('deletes only after the user confirms, from the list or the dialog', async () => {
    const server = toolServer([weather, handbook])
    renderApp('/tools', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete search_docs' }, { timeout: 10_000 }))
    const ask = await dialogNamed('Delete tool')
    expect(ask.textContent).toContain('Delete tool search_docs? Flows that use it can no longer call it.')
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.calls('DELETE')).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Edit get_weather' }))
    fireEvent.click(within(await dialogNamed('Edit get_weather')).getByRole('button', { name: 'Delete' }))
    fireEvent.click(within(await dialogNamed('Delete tool')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Tool get_weather deleted')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.calls('DELETE').map((call) => call.path)).toEqual(['/tools/t1'])
    await waitFor(() => expect(rowNames()).toEqual(['search_docs']))
  })

  it('asks before closing a dialog with unsaved changes', async () => {
    toolServer([weather])
    renderApp('/tools', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit get_weather' }, { timeout: 10_000 }))
    const dialog = await dialogNamed('Edit get_weather')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    fireEvent.click(screen.getByRole('button', { name: 'Edit get_weather' }))
    const again = await dialogNamed('Edit get_weather')
    fireEvent.change(fieldIn(again, 'Tool Description'), { target: { value: 'Changed' } })
    fireEvent.keyDown(again, { key: 'Escape' })
    const ask = await dialogNamed('Discard changes?')
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }))
    expect(fieldIn(again, 'Tool Description').value).toBe('Changed')
    // The dialog is back once the question has gone.
    fireEvent.click(await within(again).findByRole('button', { name: 'Cancel' }))
    fireEvent.click(within(await dialogNamed('Discard changes?')).getByRole('button', { name: 'Discard' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('loads a Flowise tool file into a new tool, and says why another file is not one', async () => {
    const server = toolServer([])
    renderApp('/tools', { user: freshAdmin() })
    await screen.findByText('No tools yet', {}, { timeout: 10_000 })
    const pick = (text: string, name: string) =>
      fireEvent.change(screen.getByLabelText('Tool file'), { target: { files: [fileOf(text, name)] } })

    pick('{"nodes":[],"edges":[]}', 'Support Chatflow.json')
    expect(
      await screen.findByText(
        'Could not load Support Chatflow.json. The file holds a flow, not a tool. Load it on a canvas instead.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()

    const flowiseFile = {
      name: 'get_weather',
      description: 'Weather for a city',
      color: 'linear-gradient(rgb(10,20,30), rgb(40,50,60))',
      iconSrc: null,
      schema: JSON.stringify([cityRows[0]]),
      func: 'return $city',
    }
    pick(JSON.stringify(flowiseFile), 'get_weather-CustomTool.json')
    const dialog = await dialogNamed('Create Tool')
    expect(within(dialog).getByText(/Loaded from get_weather-CustomTool.json/)).toBeTruthy()
    expect(fieldIn(dialog, 'Tool Name').value).toBe('get_weather')
    expect(fieldIn(dialog, 'Property 1').value).toBe('city')
    // Not saved yet: closing asks.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    fireEvent.click(within(await dialogNamed('Discard changes?')).getByRole('button', { name: 'Keep editing' }))
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Tool get_weather created')).toBeTruthy()
    expect(server.calls('POST')).toEqual([{ path: '/tools', body: flowiseFile }])
  })

  it('exports a tool as Flowise’s tool file', async () => {
    toolServer([weather])
    const files = catchDownloads()
    renderApp('/tools', { user: freshAdmin() })
    fireEvent.click(await screen.findByRole('button', { name: 'Export get_weather' }, { timeout: 10_000 }))
    await waitFor(() => expect(files).toHaveLength(1))
    expect(files[0]!.name).toBe('get_weather-CustomTool.json')
    expect(JSON.parse(await files[0]!.text)).toEqual({
      name: 'get_weather',
      description: 'Weather for a city',
      color: '#4F6BED',
      iconSrc: null,
      schema: weather.schema,
      func: 'return $city',
    })
  })

  it('shows a member who may only view the tools, without the controls to change them', async () => {
    toolServer([weather])
    renderApp('/tools', {
      user: { ...freshAdmin(), isOrganizationAdmin: false, permissions: ['tools:view'] },
      platform: 'enterprise',
    })
    expect(await findHeading('Tools')).toBeTruthy()
    const open = await screen.findByRole('button', { name: 'get_weather' })
    for (const name of ['Create', 'Load', 'Edit get_weather', 'Export get_weather', 'Delete get_weather'])
      expect(screen.queryByRole('button', { name }), name).toBeNull()

    fireEvent.click(open)
    const dialog = await dialogNamed('get_weather')
    expect(fieldIn(dialog, 'Tool Name').disabled).toBe(true)
    expect(fieldIn(dialog, 'Property 1').disabled).toBe(true)
    for (const name of ['Save changes', 'Delete', 'Export', 'Add property', 'Run'])
      expect(within(dialog).queryByRole('button', { name }), name).toBeNull()
    // Test runs need tools:create or tools:update on the server.
    expect(within(dialog).queryByRole('region', { name: 'Test' })).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
