import Box from '@mui/material/Box'

interface CodePreviewProps {
  text: string
  label: string
  placeholder?: string
  disabled: boolean
  onActivate: () => void
}

const PREVIEW_LINES = 8

/**
 * The code on a node until someone edits it: plain text in the editor's font. A flow of hundreds of
 * nodes would otherwise start hundreds of CodeMirror editors when it opens.
 */
export default function CodePreview({ text, label, placeholder, disabled, onActivate }: CodePreviewProps) {
  const lines = text.split('\n')
  const shown = lines.slice(0, PREVIEW_LINES).join('\n') + (lines.length > PREVIEW_LINES ? '\n…' : '')
  return (
    <Box
      component="button"
      type="button"
      aria-label={disabled ? label : `Edit ${label}`}
      disabled={disabled}
      onClick={onActivate}
      onFocus={onActivate}
      sx={{
        display: 'block',
        width: '100%',
        minHeight: 64,
        m: 0,
        px: 1.5,
        py: 1,
        textAlign: 'left',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: text ? 'text.primary' : 'text.disabled',
        cursor: disabled ? 'default' : 'text',
        font: '13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        '&:hover:not(:disabled)': { borderColor: 'text.secondary' },
      }}
    >
      {text ? shown : (placeholder ?? ' ')}
    </Box>
  )
}
