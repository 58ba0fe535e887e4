import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { errorMessage } from '@weft/core'
import { verifyEmail } from '../../api/account'
import { useLinkToken } from '../session/useLinkToken'
import AuthCard from '../../components/AuthCard'
import AuthMessage from '../../components/AuthMessage'

const signIn = { label: 'Go to sign in', to: '/login' }

/** /verify?token=…: confirms the email address as soon as the page opens. */
export default function VerifyPage() {
  const token = useLinkToken()
  // A query, not an effect: the token is sent once even when React mounts the page twice.
  const result = useQuery({
    queryKey: ['verify', token],
    queryFn: () => verifyEmail(token!),
    enabled: Boolean(token),
    staleTime: Infinity,
  })

  return (
    <AuthCard title="Verify your email">
      {!token ? (
        <AuthMessage severity="error" message="This verification link has no token. Open the link from your email again." action={signIn} />
      ) : result.isPending ? (
        <Stack direction="row" spacing={2} alignItems="center" role="status">
          <CircularProgress size={20} />
          <Typography variant="body2">Verifying your email…</Typography>
        </Stack>
      ) : result.isError ? (
        <AuthMessage severity="error" message={errorMessage(result.error)} action={signIn} />
      ) : (
        <AuthMessage severity="success" message={result.data.message} action={signIn} />
      )}
    </AuthCard>
  )
}
