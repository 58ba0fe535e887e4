import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderField } from '../test/renderField'

const models = [
  { label: 'GPT-4o mini', name: 'gpt-4o-mini' },
  { label: 'GPT-4o', name: 'gpt-4o' },
]

describe('simple input fields', () => {
  afterEach(cleanup)

  it('string: typing sends the text and lists the template variables under a template', () => {
    const param = { label: 'Template', name: 'template', type: 'string', rows: 4, acceptVariable: true }
    const { onChange } = renderField(param)
    fireEvent.change(screen.getByLabelText(/Template/), { target: { value: 'Tell me about {topic} in {style}' } })
    expect(onChange).toHaveBeenLastCalledWith('Tell me about {topic} in {style}')
    expect(screen.getByText('{topic}')).toBeTruthy()
    expect(screen.getByText('{style}')).toBeTruthy()
  })

  it('string: text changed elsewhere (undo, paste) replaces what the field shows', () => {
    const { actions } = renderField({ label: 'Name', name: 'name', type: 'string' }, { value: 'first' })
    const field = screen.getByLabelText(/Name/) as HTMLInputElement
    fireEvent.change(field, { target: { value: 'first draft' } })
    act(() => actions.setNodeInput('testNode_0', 'name', 'first'))
    expect(field.value).toBe('first')
  })

  it('string: shows a required marker unless optional, and the description on its info icon', () => {
    renderField({ label: 'System Message', name: 'systemMessage', type: 'string', description: 'Sets the tone' })
    renderField({ label: 'Stop Sequence', name: 'stop', type: 'string', optional: true })
    expect(screen.getByText('System Message').textContent).toBe('System Message*')
    expect(screen.getByText('Stop Sequence').textContent).toBe('Stop Sequence')
    expect(screen.getByRole('img', { name: 'Sets the tone' })).toBeTruthy()
  })

  it('number: typing sends a number with the param step', () => {
    const { onChange } = renderField({ label: 'Temperature', name: 'temperature', type: 'number', step: 0.1 })
    const field = screen.getByLabelText(/Temperature/)
    expect(field.getAttribute('step')).toBe('0.1')
    fireEvent.change(field, { target: { value: '0.7' } })
    expect(onChange).toHaveBeenLastCalledWith(0.7)
    fireEvent.change(field, { target: { value: '' } })
    expect(onChange).toHaveBeenLastCalledWith('')
  })

  it('boolean: the switch turns the input on and off', () => {
    const { onChange } = renderField({ label: 'Streaming', name: 'streaming', type: 'boolean' }, { value: false })
    const toggle = screen.getByRole('switch', { name: 'Streaming' })
    fireEvent.click(toggle)
    expect(onChange).toHaveBeenLastCalledWith(true)
    fireEvent.click(toggle)
    expect(onChange).toHaveBeenLastCalledWith(false)
  })

  it('password: masked until "Show password" is pressed', () => {
    renderField({ label: 'API Key', name: 'apiKey', type: 'password' }, { value: 'sk-secret' })
    const field = screen.getByLabelText(/API Key/) as HTMLInputElement
    expect(field.type).toBe('password')
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }))
    expect(field.type).toBe('text')
    expect(field.value).toBe('sk-secret')
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(field.type).toBe('password')
  })

  it('date: a date-time picker whose change is stored as text', () => {
    const { onChange } = renderField({ label: 'Not Before', name: 'notBefore', type: 'date' })
    const field = screen.getByLabelText(/Not Before/) as HTMLInputElement
    expect(field.type).toBe('datetime-local')
    fireEvent.change(field, { target: { value: '2025-01-02T03:04' } })
    expect(onChange).toHaveBeenLastCalledWith('2025-01-02T03:04')
  })

  it('options: the list shows every option and stores the chosen name', () => {
    const { onChange } = renderField({ label: 'Model Name', name: 'modelName', type: 'options', options: models })
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Model Name' }))
    const list = screen.getByRole('listbox')
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['GPT-4o mini', 'GPT-4o'])
    fireEvent.click(within(list).getByRole('option', { name: 'GPT-4o' }))
    expect(onChange).toHaveBeenLastCalledWith('gpt-4o')
    expect(screen.getByRole('combobox', { name: 'Model Name' }).textContent).toBe('GPT-4o')
  })

  it('multiOptions: several options can be chosen and show as chips', () => {
    const param = { label: 'Allowed Models', name: 'allowed', type: 'multiOptions', options: models }
    const { onChange } = renderField(param)
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Allowed Models' }))
    fireEvent.click(screen.getByRole('option', { name: 'GPT-4o mini' }))
    fireEvent.click(screen.getByRole('option', { name: 'GPT-4o' }))
    expect(onChange).toHaveBeenLastCalledWith(['gpt-4o-mini', 'gpt-4o'])
    fireEvent.click(screen.getByRole('option', { name: 'GPT-4o mini' }))
    expect(onChange).toHaveBeenLastCalledWith(['gpt-4o'])
  })
})
