import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router'
import { useCompleteSsoSignIn } from './useCompleteSsoSignIn'

/** Where the server sends the browser after a single sign-on: loads the signed-in state, then goes to /. */
export function SsoCompletion() {
  const error = useCompleteSsoSignIn(true)
  if (error)
    return (
      <Stack spacing={2} alignItems="flex-start">
        <Alert severity="error" sx={{ width: '100%' }}>
          Signing in did not finish: {error}
        </Alert>
        <Button component={RouterLink} to="/login" variant="outlined">
          Back to sign in
        </Button>
      </Stack>
    )
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" role="status">
      <CircularProgress size={20} thickness={5} />
      <Typography variant="body2" color="text.secondary">
        Signing you in…
      </Typography>
    </Stack>
  )
}

/** /sso-success (SPEC §2), reached signed in: another sign-on replaced the session, so its state is read again. */
export default function SsoSuccessPage() {
  return (
    <Stack spacing={3} sx={{ py: 6, alignItems: 'center' }}>
      <Typography variant="h3" component="h1">
        Signing in
      </Typography>
      <SsoCompletion />
    </Stack>
  )
}
