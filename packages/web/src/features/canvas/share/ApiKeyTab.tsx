import Alert from '@mui/material/Alert'
import Link from '@mui/material/Link'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { errorMessage } from '@weft/core'
import { Link as RouterLink } from 'react-router'
import { useApiKeys } from './useApiKeys'
import type { ConfigTabProps } from './useConfigForm'

const NONE = ''

/** Binds one of the workspace's API keys to the flow: calls with that key may run it. */
export default function ApiKeyTab({ form, update }: ConfigTabProps) {
  const { canView, keys, isPending, error } = useApiKeys()
  const intro = (
    <Typography variant="body2" color="text.secondary">
      Code that sends the bound key as <code>Authorization: Bearer &lt;key&gt;</code> may call this flow, even when it
      is not public.{' '}
      <Link component={RouterLink} to="/apikey">
        Manage API keys
      </Link>
    </Typography>
  )
  if (!canView)
    return (
      <Stack spacing={2}>
        {intro}
        <Alert severity="info">
          {form.apikeyid ? 'An API key is bound to this flow.' : 'No API key is bound to this flow.'} You need
          permission to see API keys to change it.
        </Alert>
      </Stack>
    )
  // A key deleted since it was bound is no longer in the list; the choice then shows as none.
  const value = keys.some((key) => key.id === form.apikeyid) ? form.apikeyid! : NONE
  return (
    <Stack spacing={2}>
      {intro}
      {error ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : (
        <TextField
          select
          label="API key"
          value={isPending ? NONE : value}
          onChange={(event) => update({ apikeyid: event.target.value === NONE ? null : event.target.value })}
          disabled={isPending}
          helperText={!isPending && keys.length === 0 ? 'No API keys yet: create one on the API Keys page.' : undefined}
          size="small"
          fullWidth
        >
          <MenuItem value={NONE}>No key</MenuItem>
          {keys.map((key) => (
            <MenuItem key={key.id} value={key.id}>
              {key.keyName} ({key.keyPreview})
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  )
}
