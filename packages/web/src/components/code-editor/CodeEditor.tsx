import { oneDark } from '@codemirror/theme-one-dark'
import { Compartment, EditorState } from '@codemirror/state'
import { EditorView, placeholder as placeholderText } from '@codemirror/view'
import Box from '@mui/material/Box'
import { useTheme } from '@mui/material/styles'
import { useEffect, useRef, useState } from 'react'
import { baseExtensions, languageExtension, sizeTheme } from './editorSetup'
import type { CodeEditorProps } from './types'

/** A CodeMirror 6 editor as a controlled React field. Load it through LazyCodeEditor. */
export default function CodeEditor({
  value,
  onChange,
  language,
  label,
  readOnly = false,
  placeholder,
  height,
  maxHeight,
  autoFocus = false,
}: CodeEditorProps) {
  const theme = useTheme()
  const dark = theme.palette.mode === 'dark'
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const latest = useRef({ value, onChange, dark, readOnly })
  const [compartments] = useState(() => ({ look: new Compartment(), editable: new Compartment() }))

  useEffect(() => {
    latest.current = { value, onChange, dark, readOnly }
  })

  useEffect(() => {
    const initial = latest.current
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initial.value,
        extensions: [
          baseExtensions,
          languageExtension(language),
          sizeTheme(height, maxHeight),
          placeholder ? placeholderText(placeholder) : [],
          EditorView.contentAttributes.of({ 'aria-label': label }),
          compartments.look.of(initial.dark ? oneDark : []),
          compartments.editable.of(editableExtensions(initial.readOnly)),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange?.(update.state.doc.toString())
          }),
        ],
      }),
    })
    view.current = editor
    if (autoFocus) editor.focus()
    return () => {
      editor.destroy()
      view.current = null
    }
    // autoFocus matters only when the editor is created.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, label, placeholder, height, maxHeight, compartments])

  useEffect(() => {
    const editor = view.current
    if (!editor || editor.state.doc.toString() === value) return
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } })
  }, [value])

  useEffect(() => {
    view.current?.dispatch({
      effects: [
        compartments.look.reconfigure(dark ? oneDark : []),
        compartments.editable.reconfigure(editableExtensions(readOnly)),
      ],
    })
  }, [dark, readOnly, compartments])

  return (
    <Box
      ref={host}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: dark ? '#282c34' : 'background.paper',
        '&:focus-within': { borderColor: 'primary.main' },
      }}
    />
  )
}

const editableExtensions = (readOnly: boolean) => [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]
