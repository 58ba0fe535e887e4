import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogContent from '@mui/material/DialogContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'

/** A blocking progress dialog, e.g. "Switching workspace...", "Exporting...", "Importing...". */
export default function LoadingDialog({ open, message }: { open: boolean; message: string }) {
  return (
    <Dialog open={open} aria-label={message} slotProps={{ paper: { sx: { minWidth: 280 } } }}>
      <DialogContent>
        <Stack direction="row" spacing={2} alignItems="center" role="status">
          <CircularProgress size={22} thickness={4} />
          <Typography variant="body1">{message}</Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  )
}
