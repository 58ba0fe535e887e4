import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { NodeDescriptor } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { canvasNode, renderNodes } from './test/renderNodes'

const stickyNote: NodeDescriptor = {
  label: 'Sticky Note',
  name: 'stickyNote',
  version: 1,
  type: 'StickyNote',
  category: 'Utilities',
  description: 'A note on the canvas.',
  icon: 'stickyNote.svg',
  color: '#FACC15',
  baseClasses: ['StickyNote'],
  canvases: ['chatflow'],
  inputs: [{ label: '', name: 'note', type: 'string', rows: 1, optional: true }],
}

const iteration: NodeDescriptor = {
  label: 'Iteration',
  name: 'iterationAgentflow',
  version: 1,
  type: 'Iteration',
  category: 'Agent Flows',
  description: 'Runs its steps once per item.',
  icon: 'iterationAgentflow.svg',
  color: '#9C89B8',
  baseClasses: ['Iteration'],
  canvases: ['agentflowV2'],
  isContainer: true,
  inputs: [{ label: 'Array Input', name: 'iterationInput', type: 'string', acceptVariable: true }],
}

describe('sticky note and iteration nodes', () => {
  afterEach(cleanup)

  it('sticky note: a text area whose text is stored as its note, with no handles', () => {
    const { actions, container } = renderNodes([canvasNode(stickyNote, 'stickyNote_0')])
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'Ask for the order id first' } })
    expect(actions.setNodeInput).toHaveBeenLastCalledWith('stickyNote_0', 'note', 'Ask for the order id first')
    expect(container.querySelector('.react-flow__handle')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Delete node' }))
    expect(actions.deleteNode).toHaveBeenCalledWith('stickyNote_0')
  })

  it('iteration: a container with a header, handles on itself, and its settings in the editor', () => {
    const { actions, container } = renderNodes([canvasNode(iteration, 'iterationAgentflow_0')])
    expect(screen.getByText('Iteration')).toBeTruthy()
    expect(container.querySelector('[data-handleid="iterationAgentflow_0"]')).not.toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Edit node' }))
    const dialog = screen.getByRole('dialog', { name: 'Iteration' })
    fireEvent.change(within(dialog).getByLabelText(/Array Input/), { target: { value: '{{ $flow.state.items }}' } })
    expect(actions.setNodeInput).toHaveBeenLastCalledWith(
      'iterationAgentflow_0',
      'iterationInput',
      '{{ $flow.state.items }}',
    )
  })
})
