import { EditorView } from '@codemirror/view'
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { stubTextLayout } from '../../../../components/code-editor/test/jsdomRanges'
import { renderField } from '../test/renderField'

function typeInto(editor: HTMLElement, text: string) {
  const view = EditorView.findFromDOM(editor)!
  act(() => view.dispatch({ changes: { from: view.state.doc.length, insert: text } }))
}

describe('code input fields', () => {
  beforeAll(stubTextLayout)
  afterEach(cleanup)

  it('json: edits are stored as text and a parse error shows under the field', async () => {
    const { onChange } = renderField(
      { label: 'Prompt Values', name: 'promptValues', type: 'json' },
      { value: '{"a": 1}' },
    )
    fireEvent.click(screen.getByRole('button', { name: 'Edit Prompt Values' }))
    const editor = await screen.findByRole('textbox', { name: 'Prompt Values' })
    expect(screen.queryByText(/Invalid JSON/)).toBeNull()
    typeInto(editor, ',')
    expect(onChange).toHaveBeenLastCalledWith('{"a": 1},')
    expect(screen.getByText(/Invalid JSON/)).toBeTruthy()
  })

  it('code: a JavaScript editor that opens full size with "Expand"', async () => {
    const { onChange } = renderField(
      { label: 'Function', name: 'javascriptFunction', type: 'code' },
      { value: 'return 1' },
    )
    // The node shows the code as text until the user edits it: no editor per node on a big flow.
    expect(screen.queryByRole('textbox', { name: 'Function' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Edit Function' }))
    const inline = await screen.findByRole('textbox', { name: 'Function' })
    typeInto(inline, ' + 1')
    expect(onChange).toHaveBeenLastCalledWith('return 1 + 1')
    fireEvent.click(screen.getByRole('button', { name: 'Expand Function' }))
    const dialog = await screen.findByRole('dialog', { name: 'Function' })
    const large = await within(dialog).findByRole('textbox', { name: 'Function' })
    expect(large.textContent).toBe('return 1 + 1')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('conditionFunction: shows the code, and cannot be edited when the flow is read-only', () => {
    renderField(
      { label: 'Condition', name: 'conditionFunction', type: 'conditionFunction' },
      { value: 'return "End"', disabled: true },
    )
    const preview = screen.getByRole('button', { name: 'Condition' })
    expect(preview.textContent).toBe('return "End"')
    expect((preview as HTMLButtonElement).disabled).toBe(true)
  })
})
