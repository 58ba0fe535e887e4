import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import {
  errorMessage,
  PROVIDER_CREDENTIAL_NAMES,
  PROVIDER_LABELS,
  type ProviderAssistant,
  type ProviderAssistantType,
} from '@weft/core'
import { useId, useState } from 'react'
import { listCredentials } from '../../api/credentials'
import { listProviderAssistants } from '../../api/openaiAssistants'

interface LoadAssistantDialogProps {
  type: ProviderAssistantType
  /** Told of the chosen assistant and the credential it was listed with. */
  onLoad: (assistant: ProviderAssistant, credential: string) => void
  onClose: () => void
}

/** Load existing: pick a credential, then one of the assistants the provider keeps under it. */
export default function LoadAssistantDialog({ type, onLoad, onClose }: LoadAssistantDialogProps) {
  const titleId = useId()
  const provider = PROVIDER_LABELS[type]
  const credentialName = PROVIDER_CREDENTIAL_NAMES[type]
  const [credential, setCredential] = useState('')
  const credentials = useQuery({
    queryKey: ['credentials', [credentialName]],
    queryFn: () => listCredentials([credentialName], { navigateOnForbidden: false }),
  })
  const assistants = useQuery({
    queryKey: ['provider-assistants', credential],
    queryFn: () => listProviderAssistants(credential),
    enabled: credential !== '',
  })

  let body
  if (!credential) body = null
  else if (assistants.isPending)
    body = (
      <Stack direction="row" spacing={1} alignItems="center">
        <CircularProgress size={18} aria-label={`Loading ${provider} assistants`} />
        <Typography variant="body2">Asking {provider} for its assistants…</Typography>
      </Stack>
    )
  else if (assistants.isError) body = <Alert severity="error">{errorMessage(assistants.error)}</Alert>
  else if (assistants.data.length === 0)
    body = <Alert severity="info">{provider} has no assistants for this key.</Alert>
  else
    body = (
      <List aria-label={`${provider} assistants`} dense>
        {assistants.data.map((assistant) => (
          <ListItemButton key={assistant.id} onClick={() => onLoad(assistant, credential)}>
            <ListItemText primary={assistant.name || assistant.id} secondary={`${assistant.model} · ${assistant.id}`} />
          </ListItemButton>
        ))}
      </List>
    )

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Load {provider} Assistant</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            size="small"
            label="Credential"
            value={credentials.data ? credential : ''}
            disabled={!credentials.data}
            onChange={(event) => setCredential(event.target.value)}
            helperText={
              credentials.data?.length === 0
                ? `No ${provider} credential yet: add one under Credentials.`
                : 'The assistants kept under this key are listed.'
            }
          >
            {(credentials.data ?? []).map((item) => (
              <MenuItem key={item.id} value={item.id}>
                {item.name}
              </MenuItem>
            ))}
          </TextField>
          {body}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  )
}
