import OpenInFull from '@mui/icons-material/OpenInFull'
import Button from '@mui/material/Button'
import { useMemo, useState } from 'react'
import LazyCodeEditor from '../../../../components/code-editor/LazyCodeEditor'
import CodeEditorDialog from './CodeEditorDialog'
import CodePreview from './CodePreview'
import FieldShell from './FieldShell'
import type { InputFieldProps } from './types'
import { jsonError, toText } from './values'

/**
 * json, code and conditionFunction: a small editor on the node, started when the user first edits
 * the code, and a large one in a dialog.
 */
export default function CodeInput({ param, value, onChange, disabled }: InputFieldProps) {
  const [expanded, setExpanded] = useState(false)
  const [editing, setEditing] = useState(false)
  const text = toText(value)
  const language = param.type === 'json' ? 'json' : 'javascript'
  const error = useMemo(() => (language === 'json' ? jsonError(text) : null), [language, text])
  const expand = (
    <Button
      size="small"
      startIcon={<OpenInFull sx={{ fontSize: 14 }} />}
      aria-label={`Expand ${param.label}`}
      onClick={() => setExpanded(true)}
      sx={{ minWidth: 0, py: 0, fontSize: 12 }}
    >
      Expand
    </Button>
  )
  return (
    <FieldShell param={param} actions={expand} error={error && `Invalid JSON: ${error}`}>
      {editing ? (
        <LazyCodeEditor
          value={text}
          onChange={onChange}
          language={language}
          label={param.label}
          readOnly={disabled}
          placeholder={param.placeholder}
          maxHeight="180px"
          autoFocus
        />
      ) : (
        <CodePreview
          text={text}
          label={param.label}
          placeholder={param.placeholder}
          disabled={Boolean(disabled)}
          onActivate={() => setEditing(true)}
        />
      )}
      {expanded && (
        <CodeEditorDialog
          title={param.label}
          value={text}
          onChange={onChange}
          language={language}
          readOnly={disabled}
          error={error}
          onClose={() => setExpanded(false)}
        />
      )}
    </FieldShell>
  )
}
