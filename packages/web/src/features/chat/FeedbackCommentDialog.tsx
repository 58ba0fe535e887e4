import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import TextField from '@mui/material/TextField'
import { useId, useState } from 'react'

/** Asks what was wrong with an answer; skipping keeps the thumbs down without a comment. */
export default function FeedbackCommentDialog({
  onSend,
  onClose,
}: {
  onSend: (content: string) => void
  onClose: () => void
}) {
  const [content, setContent] = useState('')
  const titleId = useId()
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>What was wrong with this answer?</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          margin="dense"
          label="Your comment (optional)"
          value={content}
          onChange={(event) => setContent(event.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          Skip
        </Button>
        <Button variant="contained" disabled={!content.trim()} onClick={() => onSend(content.trim())}>
          Send feedback
        </Button>
      </DialogActions>
    </Dialog>
  )
}
