import { EditorView } from '@codemirror/view'
import { act, cleanup, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import LazyCodeEditor from './LazyCodeEditor'
import { stubTextLayout } from './test/jsdomRanges'

function typeInto(content: HTMLElement, text: string) {
  const view = EditorView.findFromDOM(content)!
  act(() => view.dispatch({ changes: { from: view.state.doc.length, insert: text } }))
}

describe('code editor', () => {
  beforeAll(stubTextLayout)
  afterEach(cleanup)

  it('shows the value in a labelled editable area and reports edits', async () => {
    const onChange = vi.fn()
    render(<LazyCodeEditor value="return 1" onChange={onChange} language="javascript" label="Function" />)
    const content = await screen.findByRole('textbox', { name: 'Function' })
    expect(content.textContent).toBe('return 1')
    typeInto(content, ';')
    expect(onChange).toHaveBeenLastCalledWith('return 1;')
  })

  it('follows a value changed from outside, such as an undo', async () => {
    function Harness() {
      const [value, setValue] = useState('{"a": 1}')
      return (
        <>
          <button onClick={() => setValue('{}')}>Undo</button>
          <LazyCodeEditor value={value} onChange={setValue} language="json" label="Body" />
        </>
      )
    }
    render(<Harness />)
    const content = await screen.findByRole('textbox', { name: 'Body' })
    act(() => screen.getByRole('button', { name: 'Undo' }).click())
    expect(content.textContent).toBe('{}')
  })

  it('refuses edits when read-only', async () => {
    render(<LazyCodeEditor value="x" language="javascript" label="Code" readOnly />)
    const content = await screen.findByRole('textbox', { name: 'Code' })
    expect(content.getAttribute('contenteditable')).toBe('false')
  })
})
