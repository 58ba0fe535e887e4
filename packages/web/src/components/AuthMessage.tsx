import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { Link } from 'react-router'

interface AuthMessageProps {
  severity: 'success' | 'error' | 'info'
  message: string
  /** Where to go next, e.g. back to sign in. */
  action: { label: string; to: string }
}

/** The outcome of an account action, inside an auth card. */
export default function AuthMessage({ severity, message, action }: AuthMessageProps) {
  return (
    <Stack spacing={2.5}>
      <Alert severity={severity}>{message}</Alert>
      <Button component={Link} to={action.to} variant="contained" size="large" fullWidth>
        {action.label}
      </Button>
    </Stack>
  )
}
