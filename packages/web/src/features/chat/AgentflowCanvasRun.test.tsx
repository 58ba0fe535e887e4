import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createFlowNode, type RunEvent, type StepStatus } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { resetApp, stubServer } from '../../test/renderApp'
import { useCanvasStore } from '../canvas/store/canvasStore'
import { CATALOGUE, llm, start } from '../canvas/testing/descriptors'
import { flowRecord, renderCanvas } from '../canvas/testing/renderCanvas'
import { controlledStream } from './testing/controlledStream'

const agentflow = flowRecord({
  id: 'a1',
  name: 'Ticket router',
  type: 'AGENTFLOW',
  flowData: JSON.stringify({
    nodes: [
      createFlowNode(start, 'startAgentflow_0', { x: 0, y: 0 }),
      createFlowNode(llm, 'llmAgentflow_0', { x: 300, y: 0 }),
    ],
    edges: [],
  }),
})

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })

/** The agentflow a1, whose every node runs (no badge); each question is answered by the next stream. */
function serve(runs: ReturnType<typeof controlledStream>[]) {
  let next = 0
  stubServer((url, init) => {
    const method = init?.method ?? 'GET'
    if (url === '/api/v1/nodes') return json(CATALOGUE)
    if (url === '/api/v1/chatflows/a1' && method === 'GET') return json(agentflow)
    if (url === '/api/v1/chatflows-streaming/a1') return json({ isStreaming: true })
    if (url.startsWith('/api/v1/chatmessage/a1')) return json([])
    if (url === '/api/v1/internal-prediction/a1') return runs[next++]!.response()
    return undefined
  })
}

const step = (nodeId: string, nodeLabel: string, status: StepStatus, error?: string): RunEvent => ({
  event: 'nextAgentFlow',
  data: { nodeId, nodeLabel, status, ...(error ? { error } : {}) },
})

const nodeCard = (id: string) => document.querySelector<HTMLElement>(`.react-flow__node[data-id="${id}"]`)!
const statusOf = (id: string) => within(nodeCard(id)).queryByRole('status', { hidden: true })?.getAttribute('aria-label') ?? null

function ask(question: string) {
  const input = screen.getByLabelText('Type your question')
  fireEvent.change(input, { target: { value: question } })
  fireEvent.keyDown(input, { key: 'Enter' })
}

describe('an agentflow run lights up the canvas', { timeout: 40_000 }, () => {
  afterEach(resetApp)

  it('marks each step running, finished or failed as the chat runs the flow, without changing the flow', async () => {
    const runs = [controlledStream(), controlledStream()]
    serve(runs)
    renderCanvas('/v2/agentcanvas/a1')
    await screen.findByTestId('canvas', {}, { timeout: 20_000 })
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }))
    const chat = await screen.findByRole('dialog', { name: 'Chat with Ticket router' })
    expect(within(chat).queryByText(/cannot answer questions yet/)).toBeNull()
    const saved = useCanvasStore.getState().flow

    ask('Route my ticket')
    await within(chat).findByRole('status', { name: 'Answer on its way' })
    runs[0]!.send(
      { event: 'start', data: '' },
      { event: 'agentFlowEvent', data: 'INPROGRESS' },
      step('startAgentflow_0', 'Start', 'INPROGRESS'),
    )
    await waitFor(() => expect(statusOf('startAgentflow_0')).toBe('Running'))
    expect(statusOf('llmAgentflow_0')).toBeNull()

    runs[0]!.send(step('startAgentflow_0', 'Start', 'FINISHED'), step('llmAgentflow_0', 'LLM', 'INPROGRESS'))
    await waitFor(() => expect(statusOf('llmAgentflow_0')).toBe('Running'))
    expect(statusOf('startAgentflow_0')).toBe('Finished')

    runs[0]!.send(
      step('llmAgentflow_0', 'LLM', 'ERROR', 'Model unreachable'),
      { event: 'agentFlowEvent', data: 'ERROR' },
      { event: 'error', data: 'LLM: Model unreachable' },
      { event: 'end', data: '[DONE]' },
    )
    runs[0]!.close()
    await waitFor(() => expect(statusOf('llmAgentflow_0')).toBe('Failed: Model unreachable'))
    fireEvent.mouseOver(within(nodeCard('llmAgentflow_0')).getByRole('status', { hidden: true }))
    expect((await screen.findByRole('tooltip')).textContent).toBe('Model unreachable')

    // Lighting up is not an edit: nothing to save, and the saved flow carries no status.
    const state = useCanvasStore.getState()
    expect(state.isDirty).toBe(false)
    expect(state.flow).toBe(saved)
    expect(JSON.stringify(state.flow)).not.toMatch(/FINISHED|Model unreachable/)
    expect(within(chat).queryByText(/unsaved changes/)).toBeNull()

    // A new question starts from a dark canvas.
    ask('Another ticket')
    await waitFor(() => expect(statusOf('llmAgentflow_0')).toBeNull())
    expect(statusOf('startAgentflow_0')).toBeNull()
    runs[1]!.send(step('startAgentflow_0', 'Start', 'INPROGRESS'))
    await waitFor(() => expect(statusOf('startAgentflow_0')).toBe('Running'))
    // Stopped by the user: a step still running shows as stopped.
    fireEvent.click(within(chat).getByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(statusOf('startAgentflow_0')).toBe('Stopped'))
  })
})
