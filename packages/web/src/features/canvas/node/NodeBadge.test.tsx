import { cleanup, fireEvent, screen } from '@testing-library/react'
import { CANNOT_RUN_BADGE } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { chatModel, llm, llmChain, start } from '../testing/descriptors'
import { canvasNode, renderNodes } from './test/renderNodes'

// A step card (Start) and a chatflow card (LLM Chain) that cannot run, beside two that can.
const badges = new Map([
  [start.name, CANNOT_RUN_BADGE],
  [llmChain.name, CANNOT_RUN_BADGE],
])

describe('the badge on a node card', () => {
  afterEach(cleanup)

  it('shows "Cannot run yet", with why, on the cards of nodes that cannot run and no others', async () => {
    const { container } = renderNodes(
      [
        canvasNode(start, 'startAgentflow_0'),
        canvasNode(llm, 'llmAgentflow_0'),
        canvasNode(chatModel, 'chatOpenAI_0'),
        canvasNode(llmChain, 'llmChain_0'),
      ],
      {
        kind: 'agentflowV2',
        nodeBadge: (name) => badges.get(name),
      },
    )
    const card = (id: string) => container.querySelector(`.react-flow__node[data-id="${id}"]`)!
    expect(card('startAgentflow_0').textContent).toContain('Cannot run yet')
    expect(card('llmAgentflow_0').textContent).not.toContain('Cannot run yet')
    expect(card('chatOpenAI_0').textContent).toContain('ChatOpenAI')
    expect(card('chatOpenAI_0').textContent).not.toContain('Cannot run yet')
    expect(card('llmChain_0').textContent).toContain('Cannot run yet')

    fireEvent.mouseOver(screen.getAllByText('Cannot run yet')[0]!)
    expect((await screen.findByRole('tooltip')).textContent).toContain('not run in this version of Weft')
  })
})
