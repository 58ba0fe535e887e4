import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import { DEFAULT_PATH, pathAfterLogin } from '@weft/core'
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router'
import { login } from '../../api/account'
import AuthCard from '../../components/AuthCard'
import FormField from '../../components/form/FormField'
import FormStack from '../../components/form/FormStack'
import { useForm } from '../../components/form/useForm'
import { emailRules, required } from '../../components/form/validators'
import { useSettings } from '../../store/settings'
import { useSignIn } from '../session/useSignIn'
import { SsoCompletion } from '../sso/SsoSuccessPage'
import ResendVerification from './ResendVerification'
import SsoButtons from './SsoButtons'

/** The route guard sends /sso-success here before the signed-in state is loaded: finish the sign-on then. */
const SSO_SUCCESS = '/sso-success'

/** /login and /signin; afterwards back to the page that sent the user here. */
export default function LoginPage() {
  const location = useLocation()
  const platform = useSettings((state) => state.platform)
  const signIn = useSignIn()
  const from: unknown = (location.state as { from?: unknown } | null)?.from
  const [params] = useSearchParams()
  const ssoError = params.get('ssoError')
  const form = useForm({
    initial: { email: '', password: '' },
    rules: { email: emailRules, password: [required('Password')] },
    onSubmit: async (values) => signIn(await login(values), pathAfterLogin(from, DEFAULT_PATH)),
  })

  const footer = platform === 'cloud' && (
    <>
      Don&apos;t have an account?{' '}
      <Link component={RouterLink} to="/register">
        Sign up
      </Link>
    </>
  )
  if (typeof from === 'string' && from.startsWith(SSO_SUCCESS))
    return (
      <AuthCard title="Signing in" subtitle="Your single sign-on provider confirmed who you are.">
        <SsoCompletion />
      </AuthCard>
    )
  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to continue building." footer={footer}>
      {ssoError && (
        <Alert severity="error" sx={{ mb: 2.5, overflowWrap: 'anywhere' }} data-testid="sso-error">
          {ssoError}
        </Alert>
      )}
      <FormStack onSubmit={form.handleSubmit} submitLabel="Sign in" submitting={form.submitting} error={form.formError}>
        <FormField {...form.field('email')} label="Email" type="email" autoComplete="email" autoFocus />
        <Box>
          <FormField {...form.field('password')} label="Password" type="password" autoComplete="current-password" />
          <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
            Forgot password?
          </Link>
        </Box>
      </FormStack>
      {form.formError && /verif/i.test(form.formError) && <ResendVerification email={form.values.email} />}
      <SsoButtons />
    </AuthCard>
  )
}
