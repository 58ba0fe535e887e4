import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useLogout } from '../session/useLogout'

/** Shown when a workspace switch fails; `lines` is null while there is nothing to show. */
export default function SwitchErrorDialog({ lines, onClose }: { lines: string[] | null; onClose: () => void }) {
  const logout = useLogout()
  return (
    <Dialog open={lines !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="switch-error-title">
      <DialogTitle id="switch-error-title">Workspace switch failed</DialogTitle>
      <DialogContent>
        {lines?.map((line) => (
          <DialogContentText key={line} sx={{ '& + &': { mt: 1 } }}>
            {line}
          </DialogContentText>
        ))}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          Close
        </Button>
        <Button
          variant="contained"
          onClick={() => {
            onClose()
            void logout()
          }}
        >
          Logout
        </Button>
      </DialogActions>
    </Dialog>
  )
}
