import Lock from '@mui/icons-material/LockOutlined'
import Alert from '@mui/material/Alert'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { PASSWORD_MIN_LENGTH } from '@weft/core'
import PageHeader from '../../components/PageHeader'
import { useSession } from '../../store/session'
import PasswordForm from './PasswordForm'
import ProfileForm from './ProfileForm'
import SettingsCard from './SettingsCard'

/** What an SSO user sees instead of the forms: who they are, and where to change it (SPEC §6). */
function ManagedBySso({ name, email }: { name: string; email: string }) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PageHeader title="Profile" description="Your name and email address." />
      <Alert severity="info" icon={<Lock fontSize="inherit" />} data-testid="sso-profile-closed">
        You sign in with single sign-on, so your profile and password are managed by your identity provider. Change them
        there; they cannot be changed in Weft.
      </Alert>
      <SettingsCard title="Details" description="As your identity provider gave them.">
        <Stack spacing={2}>
          <Stack spacing={0.25}>
            <Typography variant="subtitle2">Name</Typography>
            <Typography variant="body2" color="text.secondary">
              {name || '—'}
            </Typography>
          </Stack>
          <Stack spacing={0.25}>
            <Typography variant="subtitle2">Email</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {email}
            </Typography>
          </Stack>
        </Stack>
      </SettingsCard>
    </Stack>
  )
}

/** Update name and email, and change the password; closed to SSO users, whose provider manages both. */
export default function UserProfilePage() {
  const user = useSession((state) => state.user)
  const isSSO = useSession((state) => state.isSSO)
  if (!user) return null
  if (isSSO) return <ManagedBySso name={user.name} email={user.email} />
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PageHeader title="Profile" description="Your name, email address and password." />
      <SettingsCard title="Details" description="How you appear to your team and where we email you.">
        {/* A new key once the email changed: the form starts again from the saved details, password field gone. */}
        <ProfileForm key={`${user.id} ${user.email}`} name={user.name} email={user.email} disabled={false} />
      </SettingsCard>
      <SettingsCard title="Password" description={`Use at least ${PASSWORD_MIN_LENGTH} characters.`}>
        <PasswordForm disabled={false} />
      </SettingsCard>
    </Stack>
  )
}
