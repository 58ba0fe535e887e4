import Cancel from '@mui/icons-material/Cancel'
import Send from '@mui/icons-material/Send'
import StopCircle from '@mui/icons-material/StopCircleOutlined'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import InputBase from '@mui/material/InputBase'
import Tooltip from '@mui/material/Tooltip'
import type { ChatbotConfig, Upload, UploadsConfig } from '@weft/core'
import { useState, type KeyboardEvent } from 'react'
import AttachButton from './AttachButton'
import VoiceButton from './VoiceButton'

interface ChatInputProps {
  running: boolean
  onSend: (question: string, uploads: Upload[]) => void
  onStop: () => void
  style?: ChatbotConfig['textInput']
  autoFocus?: boolean
  /** What the chat may send besides text: an attach button for files, a microphone for speech. */
  uploads?: UploadsConfig | undefined
}

/**
 * The question box: Enter sends, Shift+Enter starts a new line; while answering, Stop replaces Send.
 * When the chat takes them, files go with the question and a voice message is sent as one.
 */
export default function ChatInput({ running, onSend, onStop, style, autoFocus, uploads }: ChatInputProps) {
  const [text, setText] = useState('')
  const [files, setFiles] = useState<Upload[]>([])
  const [problem, setProblem] = useState<string>()
  const canSend = !running && (text.trim() !== '' || files.length > 0)
  const canAttach = (uploads?.fileUploadSizeAndTypes.length ?? 0) > 0 || uploads?.isImageUploadAllowed === true

  const send = () => {
    if (!canSend) return
    onSend(text, files)
    setText('')
    setFiles([])
    setProblem(undefined)
  }

  const onKeyDown = (event: KeyboardEvent) => {
    // Enter while composing (e.g. Japanese input) picks a candidate; it must not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    send()
  }

  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', bgcolor: style?.backgroundColor }}>
      {problem && (
        <Alert severity="error" onClose={() => setProblem(undefined)} sx={{ m: 1, mb: 0 }}>
          {problem}
        </Alert>
      )}
      {files.length > 0 && (
        <Box role="list" aria-label="Attached files" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, px: 1, pt: 1 }}>
          {files.map((file, index) => (
            <Chip
              key={`${file.name}-${index}`}
              role="listitem"
              size="small"
              label={file.name}
              onDelete={() => setFiles((current) => current.filter((_, at) => at !== index))}
              deleteIcon={<Cancel aria-label={`Remove ${file.name}`} />}
            />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5, p: 1 }}>
        {uploads && canAttach && (
          <AttachButton
            uploads={uploads}
            disabled={running}
            onAttach={(more) => {
              setProblem(undefined)
              setFiles((current) => [...current, ...more])
            }}
            onProblem={setProblem}
          />
        )}
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
        {uploads?.isSpeechToTextEnabled && (
          <VoiceButton
            uploads={uploads}
            disabled={running}
            onRecorded={(voice) => {
              setProblem(undefined)
              onSend('', [voice])
            }}
            onProblem={setProblem}
          />
        )}
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
    </Box>
  )
}
