import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { CONDITION_ALERTS, createFlowNode, type FlowData } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { resetApp } from '../../test/renderApp'
import { promptTemplate } from './testing/descriptors'
import { addFromPanel, findCanvas, renderCanvas, serve } from './testing/renderCanvas'

// The first test also loads the lazy canvas modules, which takes a few seconds under jsdom.
describe('canvas page', { timeout: 15_000 }, () => {
  afterEach(resetApp)

  it('opens a saved chatflow with its nodes, name and controls', async () => {
    serve()
    renderCanvas('/canvas/f1')
    const area = await findCanvas()
    expect(screen.getByRole('heading', { level: 1, name: 'Support bot' })).toBeTruthy()
    expect(within(area).getAllByText('LLM Chain').length).toBeGreaterThan(0)
    for (const name of ['Save flow', 'Flow settings', 'Add nodes', 'Undo', 'Redo', 'Open chat', 'Zoom In', 'Fit View'])
      expect(screen.getByRole('button', { name })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/chatflows')
    expect(screen.queryByText('Unsaved changes')).toBeNull()
  })

  it('says when the flow does not exist', async () => {
    serve()
    renderCanvas('/canvas/gone')
    expect(await screen.findByText('Flow not found')).toBeTruthy()
  })

  it('adds a node from the panel, marks the flow unsaved, and saves it', async () => {
    const sent = serve()
    renderCanvas('/canvas/f1')
    await findCanvas()
    await addFromPanel('Prompt Template')
    expect(await screen.findByText('Unsaved changes')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Save flow' }))
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull())
    const saved = JSON.parse(sent.at(-1)!.body.flowData as string) as FlowData
    expect(sent.at(-1)).toMatchObject({ method: 'PUT', url: '/api/v1/chatflows/f1' })
    expect(saved.nodes.map((node) => node.id)).toEqual(['chatOpenAI_0', 'llmChain_0', 'promptTemplate_0'])
  })

  it('says clearly when the server refuses a flow as too large, naming the limit', async () => {
    const refused = {
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The request is too large: this call takes at most 50 MB',
    }
    serve({ refuseSaves: { status: 413, body: refused } })
    renderCanvas('/canvas/f1')
    await findCanvas()
    await addFromPanel('Prompt Template')
    fireEvent.click(screen.getByRole('button', { name: 'Save flow' }))
    expect(
      await screen.findByText(
        /^This flow is too large to save: it is 0\.0 MB, and this server takes flows of at most 50 MB\.$/,
      ),
    ).toBeTruthy()
    expect(screen.getByText('Unsaved changes')).toBeTruthy()
  })

  it('asks a new flow for its name on first save and moves to its address', async () => {
    const sent = serve()
    const router = renderCanvas('/canvas')
    await findCanvas()
    expect(screen.getByRole('heading', { level: 1, name: 'Untitled chatflow' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Save flow' }))
    const dialog = await screen.findByRole('dialog', { name: 'Save new chatflow' })
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Fresh flow' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/canvas/new1'))
    expect(sent[0]).toMatchObject({ method: 'POST', body: { name: 'Fresh flow', type: 'CHATFLOW' } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Fresh flow' })).toBeTruthy()
  })

  it('starts an agentflow V2 with its Start node and refuses to save an incomplete condition', async () => {
    const sent = serve()
    renderCanvas('/v2/agentcanvas')
    const area = await findCanvas()
    await waitFor(() => expect(within(area).getAllByText('Start').length).toBeGreaterThan(0))
    await addFromPanel('Condition')
    fireEvent.click(screen.getByRole('button', { name: 'Save flow' }))

    const alert = await screen.findByRole('alertdialog')
    expect(alert.textContent).toContain(CONDITION_ALERTS.variable)
    fireEvent.click(within(alert).getByRole('button', { name: 'OK' }))
    expect(screen.queryByRole('dialog', { name: 'Save new agentflow' })).toBeNull()
    expect(sent).toEqual([])
  })

  it('asks before leaving with unsaved changes', async () => {
    serve()
    const router = renderCanvas('/canvas/f1')
    await findCanvas()
    await addFromPanel('Prompt Template')

    fireEvent.click(screen.getByRole('link', { name: 'Back' }))
    const question = await screen.findByText('You have unsaved changes! Do you want to go back?')
    expect(question).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByText('You have unsaved changes! Do you want to go back?')).toBeNull())
    expect(router.state.location.pathname).toBe('/canvas/f1')

    fireEvent.click(screen.getByRole('link', { name: 'Back' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatflows'))
  })

  it('loads a flow from a file, and refuses a file that is not a flow', async () => {
    serve()
    renderCanvas('/canvas/f1')
    const area = await findCanvas()
    const fileInput = screen.getByLabelText('Flow file')
    // jsdom's File cannot read itself as text; browsers' can.
    const file = (text: string) => Object.assign(new File([text], 'flow.json'), { text: async () => text })

    fireEvent.change(fileInput, { target: { files: [file('{"nodes": 3}')] } })
    expect(await screen.findByText('Invalid flow file')).toBeTruthy()
    expect(screen.queryByText('Unsaved changes')).toBeNull()

    const loaded: FlowData = { nodes: [createFlowNode(promptTemplate, 'promptTemplate_0', { x: 0, y: 0 })], edges: [] }
    fireEvent.change(fileInput, { target: { files: [file(JSON.stringify(loaded))] } })
    expect(await screen.findByText('Unsaved changes')).toBeTruthy()
    await waitFor(() => expect(within(screen.getByTestId('canvas')).queryAllByText('LLM Chain')).toHaveLength(0))
    expect(area).toBeTruthy()
  })

  it('undoes with Ctrl+Z on the canvas', async () => {
    serve()
    renderCanvas('/canvas/f1')
    const area = await findCanvas()
    await addFromPanel('Prompt Template')
    expect(within(area).getAllByText('Prompt Template').length).toBeGreaterThan(0)
    act(() => {
      fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true })
    })
    await waitFor(() => expect(within(area).queryAllByText('Prompt Template')).toHaveLength(0))
  })
})
