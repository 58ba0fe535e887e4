import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { CANNOT_RUN_BADGE } from '@weft/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { chatModel, llm, start } from '../testing/descriptors'
import NodeCatalogue from './NodeCatalogue'

describe('the node catalogue', () => {
  afterEach(cleanup)

  it('shows the "Cannot run yet" badge, with why, on the nodes that carry it and no others', async () => {
    const descriptors = [{ ...start, badge: CANNOT_RUN_BADGE }, llm, chatModel]
    render(<NodeCatalogue descriptors={descriptors} kind="agentflowV2" onAdd={vi.fn()} />)
    fireEvent.change(screen.getByLabelText('Search nodes'), { target: { value: 'agent' } })

    const startItem = (await screen.findByText('Start')).closest('[role="button"]') as HTMLElement
    const llmItem = screen.getByText('LLM').closest('[role="button"]') as HTMLElement
    expect(startItem.textContent).toContain('Cannot run yet')
    expect(llmItem.textContent).not.toContain('Cannot run yet')

    fireEvent.mouseOver(screen.getByText('Cannot run yet'))
    expect((await screen.findByRole('tooltip')).textContent).toContain('not run in this version of Weft')
  })
})
