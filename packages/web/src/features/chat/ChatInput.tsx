import Send from '@mui/icons-material/Send'
import StopCircle from '@mui/icons-material/StopCircleOutlined'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import InputBase from '@mui/material/InputBase'
import Tooltip from '@mui/material/Tooltip'
import type { ChatbotConfig } from '@weft/core'
import { useState, type KeyboardEvent } from 'react'

interface ChatInputProps {
  running: boolean
  onSend: (question: string) => void
  onStop: () => void
  style?: ChatbotConfig['textInput']
  autoFocus?: boolean
}

/** The question box: Enter sends, Shift+Enter starts a new line; while answering, Stop replaces Send. */
export default function ChatInput({ running, onSend, onStop, style, autoFocus }: ChatInputProps) {
  const [text, setText] = useState('')
  const canSend = !running && text.trim() !== ''

  const send = () => {
    if (!canSend) return
    onSend(text)
    setText('')
  }

  const onKeyDown = (event: KeyboardEvent) => {
    // Enter while composing (e.g. Japanese input) picks a candidate; it must not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    send()
  }

  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'flex-end',
        gap: 0.5,
        p: 1,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: style?.backgroundColor,
      }}
    >
      <InputBase
        multiline
        maxRows={6}
        fullWidth
        autoFocus={autoFocus}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={style?.placeholder ?? 'Type your question'}
        inputProps={{ 'aria-label': 'Type your question' }}
        sx={{ px: 1, py: 0.75, color: style?.textColor }}
      />
      {running ? (
        <Tooltip title="Stop">
          <IconButton aria-label="Stop" color="error" onClick={onStop}>
            <StopCircle />
          </IconButton>
        </Tooltip>
      ) : (
        <Tooltip title="Send message">
          {/* A disabled button gets no pointer events; the span keeps its tooltip. */}
          <span>
            <IconButton
              aria-label="Send message"
              disabled={!canSend}
              onClick={send}
              sx={{ color: style?.sendButtonColor ?? 'primary.main' }}
            >
              <Send />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Box>
  )
}
