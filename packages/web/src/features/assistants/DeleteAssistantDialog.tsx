import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import { errorMessage } from '@weft/core'
import { useId, useState } from 'react'

interface DeleteAssistantDialogProps {
  name: string
  /** `OpenAI` or `Azure OpenAI`. */
  provider: string
  /** Deletes; `alsoAtProvider` when the user chose to delete it there too. A thrown error is shown. */
  onDelete: (alsoAtProvider: boolean) => Promise<void>
  onClose: () => void
}

/** Asks before deleting an assistant, and whether the provider's copy goes too. */
export default function DeleteAssistantDialog({ name, provider, onDelete, onClose }: DeleteAssistantDialogProps) {
  const titleId = useId()
  const [alsoAtProvider, setAlsoAtProvider] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [problem, setProblem] = useState<string>()
  const remove = async () => {
    setDeleting(true)
    setProblem(undefined)
    try {
      await onDelete(alsoAtProvider)
    } catch (error) {
      setProblem(errorMessage(error))
      setDeleting(false)
    }
  }
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Delete assistant</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Delete {name}? Its chat history goes with it. Unless you tick the box, the assistant stays at {provider}.
        </DialogContentText>
        <FormControlLabel
          control={<Checkbox checked={alsoAtProvider} onChange={(event) => setAlsoAtProvider(event.target.checked)} />}
          label={`Also delete from ${provider}`}
        />
        {problem && <Alert severity="error">{problem}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button color="error" variant="contained" loading={deleting} onClick={() => void remove()}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  )
}
