import Login from '@mui/icons-material/LoginOutlined'
import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { ssoButtonLabel } from '@weft/core'
import { listSsoLoginProviders } from '../../api/sso'

/**
 * A "Sign in with <Provider>" button per enabled single sign-on provider; nothing while they load
 * or when none is enabled (the password form stays the way in).
 */
export default function SsoButtons() {
  const query = useQuery({
    queryKey: ['sso-providers'],
    queryFn: listSsoLoginProviders,
    retry: false,
    staleTime: 60_000,
  })
  const providers = query.data?.providers ?? []
  if (providers.length === 0) return null
  return (
    <Stack spacing={1.5} sx={{ mt: 3 }}>
      <Divider>
        <Typography variant="caption" color="text.secondary">
          or
        </Typography>
      </Divider>
      {providers.map((p) => (
        // A full page visit: the server sends the browser on to the provider.
        <Button key={p.providerName} href={p.url} variant="outlined" size="large" startIcon={<Login />} fullWidth>
          {ssoButtonLabel(p.label)}
        </Button>
      ))}
    </Stack>
  )
}
