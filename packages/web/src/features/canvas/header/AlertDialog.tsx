import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'

/** A message the user must acknowledge, e.g. why a flow cannot be saved yet. */
export default function AlertDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      role="alertdialog"
      aria-describedby="canvas-alert-text"
      maxWidth="xs"
    >
      <DialogContent>
        <DialogContentText id="canvas-alert-text">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  )
}
