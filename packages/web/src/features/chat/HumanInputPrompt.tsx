import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { HumanInputAction, HumanInputAnswer } from '@weft/core'
import { useState } from 'react'
import MessageText from './MessageText'

interface HumanInputPromptProps {
  action: HumanInputAction
  /** The choice already made, if any: the buttons are then off for good. */
  answer?: HumanInputAnswer['type']
  /** Off while the chat is answering, or where the chat cannot resume a run. */
  disabled?: boolean
  onAnswer?: (type: HumanInputAnswer['type'], feedback: string) => void
}

/**
 * The question an agentflow's Human Input step puts to the user, under the answer it paused: Proceed
 * or Reject, with feedback when the step asks for it.
 */
export default function HumanInputPrompt({ action, answer, disabled, onAnswer }: HumanInputPromptProps) {
  const [feedback, setFeedback] = useState('')
  const off = disabled || answer !== undefined || !onAnswer
  const choose = (type: HumanInputAnswer['type']) => onAnswer?.(type, feedback)
  return (
    <Box
      role="group"
      aria-label={`${action.data.nodeLabel || 'Human input'}: waiting for your answer`}
      sx={{
        mt: 0.5,
        p: 1.25,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        display: 'grid',
        gap: 1,
        minWidth: 240,
        maxWidth: '100%',
      }}
    >
      {action.data.input && (
        <Box sx={{ fontSize: 'inherit' }}>
          <MessageText text={action.data.input} />
        </Box>
      )}
      {action.data.enableFeedback && (
        <TextField
          label="Feedback"
          size="small"
          multiline
          maxRows={4}
          value={feedback}
          disabled={off}
          onChange={(event) => setFeedback(event.target.value)}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Button size="small" variant="contained" disabled={off} onClick={() => choose('proceed')}>
          Proceed
        </Button>
        <Button size="small" variant="outlined" color="error" disabled={off} onClick={() => choose('reject')}>
          Reject
        </Button>
        {answer && (
          <Typography variant="caption" color="text.secondary">
            Answered
          </Typography>
        )}
      </Box>
    </Box>
  )
}
