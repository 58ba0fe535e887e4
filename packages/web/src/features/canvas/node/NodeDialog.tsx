import Button from '@mui/material/Button'
import Dialog, { type DialogProps } from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { useId, type ReactNode, type SyntheticEvent } from 'react'

type NodeDialogProps = Omit<DialogProps, 'title' | 'onClose' | 'open'> & {
  title: string
  onClose: () => void
  children: ReactNode
}

// A dialog opened from a node is still the node's child in React's tree, so its events would
// bubble into React Flow's node wrapper (arrow keys move the node, Enter re-selects it).
const stop = (event: SyntheticEvent) => event.stopPropagation()

/** A dialog a node opens (additional parameters, node info, editors); closes on Escape or Done. */
export default function NodeDialog({ title, onClose, children, ...dialog }: NodeDialogProps) {
  const titleId = useId()
  return (
    <Dialog
      open
      maxWidth="sm"
      fullWidth
      {...dialog}
      onClose={onClose}
      aria-labelledby={titleId}
      onKeyDown={stop}
      onClick={stop}
      onDoubleClick={stop}
      onContextMenu={stop}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>{children}</DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  )
}
