import FormHelperText from '@mui/material/FormHelperText'
import LazyCodeEditor from '../../../../components/code-editor/LazyCodeEditor'
import type { CodeLanguage } from '../../../../components/code-editor/types'
import NodeDialog from '../NodeDialog'

interface CodeEditorDialogProps {
  title: string
  value: string
  onChange: (value: string) => void
  language: CodeLanguage
  readOnly?: boolean
  error?: string | null
  onClose: () => void
}

/** The full-size editor behind a code field's "Expand" button. */
export default function CodeEditorDialog({ title, error, onClose, ...editor }: CodeEditorDialogProps) {
  return (
    <NodeDialog title={title} onClose={onClose} maxWidth="md">
      <LazyCodeEditor {...editor} label={title} height="60vh" />
      {error && <FormHelperText error>Invalid JSON: {error}</FormHelperText>}
    </NodeDialog>
  )
}
