import { fireEvent, screen, within } from '@testing-library/react'
import { CANNOT_RUN_BADGE, createFlowNode } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { resetApp, stubServer } from '../../test/renderApp'
import { CATALOGUE, llm, start } from './testing/descriptors'
import { flowRecord, renderCanvas, template } from './testing/renderCanvas'

// The catalogue as the server sends it: Start cannot run yet (its run is not written), LLM can.
const catalogue = CATALOGUE.map((descriptor) =>
  descriptor.name === start.name ? { ...descriptor, badge: CANNOT_RUN_BADGE } : descriptor,
)

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

function serve() {
  const json = (body: unknown) => new Response(JSON.stringify(body))
  stubServer((url) => {
    if (url === '/api/v1/nodes') return json(catalogue)
    if (url === '/api/v1/chatflows/a1') return json(agentflow)
    if (url === '/api/v1/chatflows/f1') return json(flowRecord())
    if (url === '/api/v1/marketplaces/templates/t1') return json(template)
    return undefined
  })
}

// The first canvas of the file loads React Flow and the node components: on a busy machine that is slow.
const openedCanvas = () => screen.findByTestId('canvas', {}, { timeout: 20_000 })

const notice = () => screen.queryByText('This flow cannot run yet.')

describe('a flow that cannot run yet', { timeout: 40_000 }, () => {
  afterEach(resetApp)

  it('says so on its canvas and in the chat, which takes no question', async () => {
    serve()
    renderCanvas('/v2/agentcanvas/a1')
    await openedCanvas()
    const status = (await screen.findByText('This flow cannot run yet.')).closest('[role="status"]') as HTMLElement
    expect(status.textContent).toContain('can be edited and saved, but not run in this version of Weft')
    expect(status.textContent).toContain('Nodes that cannot run: Start.')

    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }))
    const chat = await screen.findByRole('dialog', { name: 'Chat with Ticket router' })
    expect(within(chat).getByText(/This flow cannot answer questions yet\./)).toBeTruthy()
    expect(within(chat).queryByLabelText('Type your question')).toBeNull()
  })

  it('says so on a template canvas too', async () => {
    serve()
    renderCanvas('/v2/marketplace/t1')
    await openedCanvas()
    expect(await screen.findByText('This flow cannot run yet.')).toBeTruthy()
  })

  it('is not claimed of a flow whose nodes all run, whose chat takes questions', async () => {
    serve()
    renderCanvas('/canvas/f1')
    await openedCanvas()
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }))
    const chat = await screen.findByRole('dialog', { name: 'Chat with Support bot' })
    expect(within(chat).getByLabelText('Type your question')).toBeTruthy()
    expect(notice()).toBeNull()
    expect(within(chat).queryByText(/cannot answer questions yet/)).toBeNull()
  })
})
