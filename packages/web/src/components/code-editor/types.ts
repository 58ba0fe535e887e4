export type CodeLanguage = 'javascript' | 'json'

export interface CodeEditorProps {
  value: string
  onChange?: (value: string) => void
  language: CodeLanguage
  /** The accessible name of the editable area. */
  label: string
  readOnly?: boolean
  placeholder?: string
  /** CSS height of the editor, e.g. `160px` or `60vh`; without it the editor grows with its text. */
  height?: string
  /** Caps the height of a growing editor. */
  maxHeight?: string
  /** Put the cursor in the editor once it is ready. */
  autoFocus?: boolean
}
