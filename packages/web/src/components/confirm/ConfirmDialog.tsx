import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useConfirmStore } from '../../store/confirm'

/** The one confirm dialog, driven by the confirm store; mounted once at the app root. */
export default function ConfirmDialog() {
  const { show, title, description, confirmButtonName, cancelButtonName, customBtnId, close } = useConfirmStore()
  return (
    <Dialog open={show} onClose={() => close(false)} maxWidth="xs" fullWidth aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      {description && (
        <DialogContent>
          <DialogContentText>{description}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={() => close(false)} color="inherit">
          {cancelButtonName}
        </Button>
        <Button id={customBtnId || undefined} variant="contained" onClick={() => close(true)}>
          {confirmButtonName}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
