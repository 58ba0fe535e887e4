import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useEffect } from 'react'
import { useBlocker } from 'react-router'
import { useCanvasStore } from './store/canvasStore'

const isDirty = () => useCanvasStore.getState().isDirty

/** Leaving a canvas with unsaved changes asks first, in the app and when the tab closes or reloads. */
export default function UnsavedChangesGuard() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty() && currentLocation.pathname !== nextLocation.pathname)

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [])

  const blocked = blocker.state === 'blocked'
  return (
    <Dialog open={blocked} onClose={() => blocker.reset?.()} maxWidth="xs" fullWidth aria-labelledby="unsaved-title">
      <DialogTitle id="unsaved-title">Unsaved changes</DialogTitle>
      <DialogContent>
        <DialogContentText>You have unsaved changes! Do you want to go back?</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={() => blocker.reset?.()} autoFocus>
          Stay
        </Button>
        <Button color="error" variant="contained" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </DialogActions>
    </Dialog>
  )
}
