import Box from '@mui/material/Box'
import MessageText from '../chat/MessageText'
import JsonTree from './JsonTree'

// Tools often answer JSON as text: it reads better as a tree than as one long line.
function asJson(text: string): unknown {
  const trimmed = text.trim()
  if (!/^[[{]/.test(trimmed)) return undefined
  try {
    return JSON.parse(trimmed) as unknown
  } catch {
    return undefined
  }
}

/** A recorded value: text as formatted text, anything structured as a folding tree. */
export default function ValueView({ value, label }: { value: unknown; label: string }) {
  const parsed = typeof value === 'string' ? asJson(value) : value
  if (typeof value === 'string' && parsed === undefined)
    return (
      <Box aria-label={label} role="group" sx={{ typography: 'body2' }}>
        <MessageText text={value} />
      </Box>
    )
  return <JsonTree value={parsed} label={label} />
}
