import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ProviderAssistant } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp, resetApp } from '../../test/renderApp'
import { freshAdmin } from '../flows/test/flowServer'
import { providerAssistantOf, providerServer } from './test/providerServer'

configure({ asyncUtilTimeout: 5000 })

const LONG = { timeout: 10_000 }

async function choose(label: string, option: string | RegExp, within_: HTMLElement = document.body) {
  fireEvent.mouseDown(within(within_).getByRole('combobox', { name: label }))
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }))
}

const pick = (label: string, ...names: string[]) =>
  fireEvent.change(screen.getByLabelText(label), {
    target: { files: names.map((name) => new File(['text'], name, { type: 'text/plain' })) },
  })

describe('OpenAI and Azure assistants', { timeout: 40_000 }, () => {
  afterEach(resetApp)

  it('adds an assistant with files and a new vector store, then offers its chat', async () => {
    const server = providerServer()
    renderApp('/assistants/openai', { user: freshAdmin() })
    expect(await screen.findByText('No OpenAI assistants yet', {}, LONG)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))

    const dialog = await screen.findByRole('dialog', { name: 'Add OpenAI Assistant' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Name is required')).toBeTruthy()
    expect(within(dialog).getByText('Choose a credential')).toBeTruthy()
    expect(server.sent('POST')).toEqual([])

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Analyst' } })
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Credential' }).getAttribute('aria-disabled')).toBeNull(),
    )
    await choose('Credential', 'OpenAI key', dialog)
    // The model field suggests OpenAI's models, so it is a combobox that takes any text.
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Model' }), { target: { value: 'gpt-4o' } })
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Instructions' }), {
      target: { value: 'Read the data.' },
    })
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Temperature' }), { target: { value: '0.3' } })

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Code Interpreter/ }))
    server.holdUploads()
    pick('Upload files', 'sales.csv', 'costs.csv')
    expect((await within(dialog).findByRole('status')).textContent).toBe('Uploading 1 of 2: sales.csv')
    expect(within(dialog).getByRole('button', { name: 'Upload files' }).getAttribute('aria-disabled')).toBe('true')
    server.releaseUploads()
    expect(await within(dialog).findByText('costs.csv', {}, LONG)).toBeTruthy()
    expect(within(dialog).getByText('sales.csv')).toBeTruthy()

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /File Search/ }))
    fireEvent.click(await within(dialog).findByRole('button', { name: 'New vector store' }))
    const naming = await screen.findByRole('dialog', { name: 'New Vector Store' })
    fireEvent.change(within(naming).getByRole('textbox', { name: 'Vector store name' }), {
      target: { value: 'Reports' },
    })
    fireEvent.click(within(naming).getByRole('button', { name: 'Create' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Vector Store' }).textContent).toContain('Reports'),
    )
    pick('Add files to vector store', 'q3.pdf')
    expect(await within(dialog).findByText('q3.pdf', {}, LONG)).toBeTruthy()

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('region', { name: 'Chat with Analyst' }, LONG)).toBeTruthy()
    const saves = server.sent('POST').filter((call) => call.path === '/assistants')
    expect(saves).toHaveLength(1)
    const body = saves[0]!.body as { type: string; credential: string; details: string }
    expect(body).toMatchObject({ type: 'OPENAI', credential: 'c1' })
    expect(JSON.parse(body.details)).toEqual({
      name: 'Analyst',
      model: 'gpt-4o',
      instructions: 'Read the data.',
      temperature: 0.3,
      tools: ['code_interpreter', 'file_search'],
      tool_resources: {
        code_interpreter: { file_ids: ['file-1', 'file-2'] },
        file_search: { vector_store_ids: ['vs_1'] },
      },
      files: [
        { id: 'file-1', filename: 'sales.csv', bytes: 2048 },
        { id: 'file-2', filename: 'costs.csv', bytes: 2048 },
      ],
    })
    expect(server.sent('POST').map((call) => call.path)).toEqual([
      '/openai-assistants-file/upload?credential=c1',
      '/openai-assistants-file/upload?credential=c1',
      '/openai-assistants-vector-store?credential=c1',
      '/openai-assistants-vector-store/vs_1?credential=c1',
      '/assistants',
    ])
  })

  it('loads an assistant that exists at Azure and saves it here', async () => {
    const existing: ProviderAssistant = {
      id: 'asst_9',
      name: 'Support bot',
      description: null,
      model: 'gpt-4o-deployment',
      instructions: 'Be helpful.',
      tools: [{ type: 'file_search' }],
      tool_resources: { file_search: { vector_store_ids: [] } },
      created_at: 1,
    }
    const server = providerServer({ atProvider: [existing] })
    renderApp('/assistants/openai?provider=azure', { user: freshAdmin() })
    expect(await screen.findByRole('heading', { name: 'Azure OpenAI Assistants' }, LONG)).toBeTruthy()
    fireEvent.click(await screen.findByRole('button', { name: 'Load' }))
    const loading = await screen.findByRole('dialog', { name: 'Load Azure OpenAI Assistant' })
    await waitFor(() =>
      expect(within(loading).getByRole('combobox', { name: 'Credential' }).getAttribute('aria-disabled')).toBeNull(),
    )
    await choose('Credential', 'Azure key', loading)
    fireEvent.click(await within(loading).findByRole('button', { name: /Support bot/ }))

    const dialog = await screen.findByRole('dialog', { name: 'Add Azure OpenAI Assistant' })
    expect((within(dialog).getByRole('textbox', { name: 'Deployment Name' }) as HTMLInputElement).value).toBe(
      'gpt-4o-deployment',
    )
    expect((within(dialog).getByRole('checkbox', { name: /File Search/ }) as HTMLInputElement).checked).toBe(true)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('region', { name: 'Chat with Support bot' }, LONG)).toBeTruthy()
    const [save] = server.sent('POST')
    expect(save!.body).toMatchObject({ type: 'AZURE', credential: 'c1' })
    expect(JSON.parse((save!.body as { details: string }).details)).toMatchObject({ id: 'asst_9', name: 'Support bot' })
  })

  it('asks before deleting, and deletes at OpenAI too when told to', async () => {
    const server = providerServer({
      assistants: [
        providerAssistantOf('a1', 'OPENAI', {
          id: 'asst_1',
          name: 'Helper',
          model: 'gpt-4o',
          tools: [],
          chatflowId: 'f1',
        }),
      ],
    })
    renderApp('/assistants/openai?id=a1', { user: freshAdmin() })
    const dialog = await screen.findByRole('dialog', { name: 'Edit Helper' }, LONG)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    const asking = await screen.findByRole('dialog', { name: 'Delete assistant' })
    fireEvent.click(within(asking).getByRole('checkbox', { name: 'Also delete from OpenAI' }))
    fireEvent.click(within(asking).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('No OpenAI assistants yet', {}, LONG)).toBeTruthy()
    expect(server.sent('DELETE')).toEqual([
      { method: 'DELETE', path: '/assistants/a1?isDeleteBoth=true', body: undefined },
    ])
  })

  it('says when the list cannot load, and shows why a save was refused', async () => {
    providerServer({ failList: 500 })
    renderApp('/assistants/openai', { user: freshAdmin() })
    expect(await screen.findByText('Could not load assistants', {}, LONG)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
    resetApp()

    providerServer({
      assistants: [providerAssistantOf('a1', 'OPENAI', { id: 'asst_1', name: 'Helper', model: 'gpt-4o', tools: [] })],
      refuseSave: 'OpenAI answered HTTP 401: Incorrect API key provided: sk-***.',
    })
    renderApp('/assistants/openai?id=a1', { user: freshAdmin() })
    const dialog = await screen.findByRole('dialog', { name: 'Edit Helper' }, LONG)
    expect(within(dialog).getByText('Save to chat')).toBeTruthy()
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Instructions' }), { target: { value: 'Be brief.' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(
      await within(dialog).findByText('OpenAI answered HTTP 401: Incorrect API key provided: sk-***.'),
    ).toBeTruthy()
  })
})
