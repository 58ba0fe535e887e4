import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { InputParam } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { renderField } from '../test/renderField'

const conditionsGrid: InputParam = {
  label: 'Conditions',
  name: 'conditions',
  type: 'datagrid',
  datagrid: [
    { field: 'variable', headerName: 'Variable', editable: true },
    {
      field: 'operation',
      headerName: 'Operation',
      type: 'singleSelect',
      valueOptions: ['Contains', 'Is Empty'],
      editable: true,
    },
    { field: 'output', headerName: 'Output Name', editable: true },
  ],
}

const conditionRows: InputParam = {
  label: 'Conditions',
  name: 'conditions',
  type: 'array',
  array: [
    {
      label: 'Type',
      name: 'type',
      type: 'options',
      default: 'string',
      options: [
        { label: 'String', name: 'string' },
        { label: 'Number', name: 'number' },
      ],
    },
    { label: 'Value 1', name: 'value1', type: 'string', acceptVariable: true },
    {
      label: 'Text Operation',
      name: 'textOperation',
      type: 'options',
      options: [{ label: 'Contains', name: 'contains' }],
      show: { 'conditions[$index].type': 'string' },
    },
    {
      label: 'Number Operation',
      name: 'numberOperation',
      type: 'options',
      options: [{ label: 'Larger', name: 'larger' }],
      show: { 'conditions[$index].type': 'number' },
    },
  ],
}

describe('structured inputs', () => {
  afterEach(cleanup)

  it('datagrid: "Add row" adds an editable row and "Delete row" removes it', () => {
    const { onChange } = renderField(conditionsGrid)
    expect(screen.getByText('No rows yet')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }))
    expect(onChange).toHaveBeenLastCalledWith([{ id: 1, variable: '', operation: '', output: '' }])
    fireEvent.change(screen.getByRole('textbox', { name: 'Variable 1' }), { target: { value: '$flow.output' } })
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Operation 1' }))
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Is Empty' }))
    expect(onChange).toHaveBeenLastCalledWith([{ id: 1, variable: '$flow.output', operation: 'Is Empty', output: '' }])
    fireEvent.click(screen.getByRole('button', { name: 'Delete row 1' }))
    expect(onChange).toHaveBeenLastCalledWith([])
  })

  it('tabs: one tab per alternative; switching stores the open tab and shows its field', () => {
    const param: InputParam = {
      label: 'Condition',
      name: 'conditionUI',
      type: 'tabs',
      tabIdentifier: 'selectedConditionTab',
      tabs: [conditionsGrid, { label: 'Condition (Code)', name: 'conditionFunction', type: 'string', rows: 4 }],
    }
    const { actions } = renderField(param, { nodeName: 'anyNode' })
    expect(screen.getByRole('tab', { name: 'Conditions' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('table', { name: 'Conditions' })).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: 'Condition (Code)' }))
    expect(actions.setNodeInput).toHaveBeenCalledWith('testNode_0', 'selectedConditionTab', 'conditionFunction')
    expect(screen.queryByRole('table')).toBeNull()
    fireEvent.change(screen.getByLabelText(/Condition \(Code\)/, { selector: 'textarea' }), {
      target: { value: 'return "A"' },
    })
    expect(actions.setNodeInput).toHaveBeenLastCalledWith('testNode_0', 'conditionFunction', 'return "A"')
  })

  it('tabs: a sequential condition shows what its rules still miss', () => {
    const param: InputParam = {
      label: 'Condition',
      name: 'conditionUI',
      type: 'tabs',
      tabIdentifier: 'selectedConditionTab',
      tabs: [conditionsGrid],
    }
    renderField(param, { nodeName: 'seqCondition' })
    expect(screen.getByRole('alert').textContent).toBe('Please add an item for the condition.')
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }))
    expect(screen.getByRole('alert').textContent).toMatch(/^Please specify a Variable/)
  })

  it('array: "Add" adds an item with defaults, fields follow their own item\'s show rules, items can be deleted', () => {
    const { onChange } = renderField(conditionRows)
    fireEvent.click(screen.getByRole('button', { name: 'Add Conditions' }))
    expect(onChange).toHaveBeenLastCalledWith([{ type: 'string', value1: '', textOperation: '', numberOperation: '' }])
    fireEvent.click(screen.getByRole('button', { name: 'Add Conditions' }))
    expect(screen.getAllByRole('combobox', { name: 'Text Operation' })).toHaveLength(2)
    expect(screen.queryByRole('combobox', { name: 'Number Operation' })).toBeNull()

    fireEvent.mouseDown(screen.getAllByRole('combobox', { name: 'Type' })[1]!)
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Number' }))
    expect(screen.getAllByRole('combobox', { name: 'Text Operation' })).toHaveLength(1)
    expect(screen.getAllByRole('combobox', { name: 'Number Operation' })).toHaveLength(1)

    fireEvent.click(screen.getByRole('button', { name: 'Delete Conditions 0' }))
    expect(onChange).toHaveBeenLastCalledWith([{ type: 'number', value1: '', textOperation: '', numberOperation: '' }])
    expect(screen.getAllByRole('combobox', { name: 'Number Operation' })).toHaveLength(1)
    expect(screen.queryByRole('combobox', { name: 'Text Operation' })).toBeNull()
  })
})
