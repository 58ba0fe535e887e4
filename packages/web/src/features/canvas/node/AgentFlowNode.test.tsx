import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { CONDITION_ALERTS, type NodeDescriptor } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { canvasNode, renderNodes } from './test/renderNodes'

const agentflow = (fields: Partial<NodeDescriptor> & { name: string; label: string }): NodeDescriptor => ({
  version: 1,
  type: fields.name,
  category: 'Agent Flows',
  description: '',
  icon: `${fields.name}.svg`,
  color: '#64B5F6',
  baseClasses: [fields.name],
  canvases: ['agentflowV2'],
  inputs: [],
  ...fields,
})

const condition = agentflow({
  name: 'conditionAgentflow',
  label: 'Condition',
  inputs: [
    {
      label: 'Conditions',
      name: 'conditions',
      type: 'array',
      default: [],
      array: [
        { label: 'Value 1', name: 'value1', type: 'string', acceptVariable: true },
        {
          label: 'Operation',
          name: 'operation',
          type: 'options',
          options: [
            { label: 'Equal', name: 'equal' },
            { label: 'Is Empty', name: 'isEmpty' },
          ],
        },
      ],
    },
  ],
})

const llm = agentflow({
  name: 'llmAgentflow',
  label: 'LLM',
  inputs: [
    { label: 'Model', name: 'llmModel', type: 'asyncOptions', loadMethod: 'listModels', default: 'chatOffline' },
    { label: 'System Prompt', name: 'systemPrompt', type: 'string', rows: 3, optional: true },
  ],
})

const start = agentflow({ name: 'startAgentflow', label: 'Start', hideInput: true })

const handle = (container: HTMLElement, id: string) => container.querySelector(`[data-handleid="${id}"]`)

describe('agentflow node', () => {
  afterEach(cleanup)

  it('is a compact card: its label, its model, a target handle on itself and its output', () => {
    const { container } = renderNodes([canvasNode(llm, 'llmAgentflow_0')])
    expect(screen.getByText('LLM')).toBeTruthy()
    expect(screen.getByText('chatOffline')).toBeTruthy()
    expect(handle(container, 'llmAgentflow_0')?.classList.contains('target')).toBe(true)
    expect(handle(container, 'llmAgentflow_0-output-llmAgentflow')?.classList.contains('source')).toBe(true)
    expect(screen.queryByLabelText(/System Prompt/)).toBeNull()
  })

  it('Start takes no incoming edge', () => {
    const { container } = renderNodes([canvasNode(start, 'startAgentflow_0')])
    expect(handle(container, 'startAgentflow_0')).toBeNull()
  })

  it('double-click opens the editor: rename the step and change its params', () => {
    const { actions } = renderNodes([canvasNode(llm, 'llmAgentflow_0')])
    fireEvent.doubleClick(screen.getByText('LLM'))
    const dialog = screen.getByRole('dialog', { name: 'LLM' })
    fireEvent.change(within(dialog).getByLabelText(/Node label/), { target: { value: 'Summarise' } })
    expect(actions.setNodeLabel).toHaveBeenLastCalledWith('llmAgentflow_0', 'Summarise')
    expect(screen.getByRole('dialog', { name: 'Summarise' })).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText(/System Prompt/), { target: { value: 'Be brief.' } })
    expect(actions.setNodeInput).toHaveBeenLastCalledWith('llmAgentflow_0', 'systemPrompt', 'Be brief.')
  })

  it('Edit node, Duplicate node and Delete node are offered on the card', () => {
    const { actions } = renderNodes([canvasNode(llm, 'llmAgentflow_0')])
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate node' }))
    expect(actions.duplicateNode).toHaveBeenCalledWith('llmAgentflow_0')
    fireEvent.click(screen.getByRole('button', { name: 'Delete node' }))
    expect(actions.deleteNode).toHaveBeenCalledWith('llmAgentflow_0')
    fireEvent.click(screen.getByRole('button', { name: 'Edit node' }))
    expect(screen.getByRole('dialog', { name: 'LLM' })).toBeTruthy()
  })

  it('a condition without conditions shows the SPEC alert while editing, and its outputs follow its conditions', () => {
    const { container } = renderNodes([canvasNode(condition, 'conditionAgentflow_0')])
    expect(screen.getByText('Else')).toBeTruthy()
    expect(handle(container, 'conditionAgentflow_0-output-0')).not.toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Edit node' }))
    const dialog = screen.getByRole('dialog', { name: 'Condition' })
    expect(within(dialog).getByRole('alert').textContent).toBe('Please add an item for the condition.')

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Conditions' }))
    expect(within(dialog).getByRole('alert').textContent).toBe(CONDITION_ALERTS.variable)
    expect(screen.getByText('Condition 0')).toBeTruthy()
    expect(screen.getByText('Else')).toBeTruthy()
    expect(handle(container, 'conditionAgentflow_0-output-0')).not.toBeNull()
    expect(handle(container, 'conditionAgentflow_0-output-1')).not.toBeNull()

    fireEvent.change(within(dialog).getByLabelText(/Value 1/), { target: { value: '{{ question }}' } })
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Operation' }))
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Is Empty' }))
    expect(within(dialog).queryByRole('alert')).toBeNull()
  })
})
