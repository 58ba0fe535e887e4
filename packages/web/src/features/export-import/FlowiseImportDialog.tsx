import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { importTooLargeMessage } from '@weft/core'
import { useState } from 'react'
import { serverMessage } from '../../api/ApiError'
import { importFlowiseDatabase, type FlowiseMigration } from '../../api/exportImport'
import { useSettings } from '../../store/settings'

interface FlowiseImportDialogProps {
  /** The Flowise SQLite file chosen in Import's file picker; the dialog is open while there is one. */
  database: File | null
  onClose: () => void
}

/**
 * "Import from a Flowise database": a Flowise SQLite file and its encryption key, migrated into the
 * workspace by the server (the same importer as `npm run weft -- import-flowise`), then its report.
 */
export default function FlowiseImportDialog({ database, onClose }: FlowiseImportDialogProps) {
  const [key, setKey] = useState('')
  const [running, setRunning] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<FlowiseMigration | null>(null)
  const limit = useSettings((state) => state.flowBodyLimitMb)

  const close = () => {
    // What was imported shows once the page reloads with it.
    if (done) window.location.reload()
    setKey('')
    setError(null)
    setDone(null)
    onClose()
  }

  const run = async () => {
    if (!database) return
    if (database.size > limit * 1024 * 1024) return setError(importTooLargeMessage(limit))
    setRunning(true)
    setError(null)
    try {
      setDone(await importFlowiseDatabase(database, key))
    } catch (failure) {
      setError(serverMessage(failure) ?? 'The import failed')
    } finally {
      setRunning(false)
    }
  }

  return (
    <Dialog
      open={database !== null}
      onClose={running ? undefined : close}
      maxWidth="md"
      fullWidth
      aria-labelledby="flowise-import-title"
    >
      <DialogTitle id="flowise-import-title">Import from a Flowise database</DialogTitle>
      <DialogContent>
        {done ? (
          <Typography
            component="pre"
            aria-label="Import report"
            sx={{ fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap', m: 0 }}
          >
            {done.text}
          </Typography>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              Brings a Flowise installation into this workspace: its flows, assistants, tools, variables, templates,
              credentials, API keys, chat messages, document stores and executions. Running it again adds nothing twice.
              For a Flowise on PostgreSQL, use <code>npm run weft -- import-flowise</code> on the server.
            </DialogContentText>
            <Typography>
              Database: <strong>{database?.name}</strong>
            </Typography>
            <TextField
              label="Encryption key"
              type="password"
              value={key}
              onChange={(event) => setKey(event.target.value)}
              helperText="The text of Flowise's encryption.key file, or its FLOWISE_SECRETKEY_OVERWRITE value"
              autoComplete="off"
              fullWidth
            />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {done ? (
          <Button variant="contained" onClick={close}>
            Done
          </Button>
        ) : (
          <>
            <Button color="inherit" onClick={close} disabled={running}>
              Cancel
            </Button>
            <Button variant="contained" disabled={key.trim() === '' || running} onClick={() => void run()}>
              {running ? 'Importing...' : 'Import'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  )
}
