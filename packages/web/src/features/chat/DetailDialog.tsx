import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Typography from '@mui/material/Typography'
import { useId, type ReactNode } from 'react'

/** A small dialog showing the detail behind a chip of an answer (a source document, a tool call). */
export default function DetailDialog({
  title,
  onClose,
  children,
}: {
  title: string
  onClose: () => void
  children: ReactNode
}) {
  const titleId = useId()
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}

/** A titled section inside a detail dialog. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Typography variant="overline" component="h3" color="text.secondary">
        {title}
      </Typography>
      {children}
    </>
  )
}
