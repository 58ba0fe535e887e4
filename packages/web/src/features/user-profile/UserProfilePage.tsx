import Alert from '@mui/material/Alert'
import Stack from '@mui/material/Stack'
import { PASSWORD_MIN_LENGTH } from '@weft/core'
import PageHeader from '../../components/PageHeader'
import { useSession } from '../../store/session'
import PasswordForm from './PasswordForm'
import ProfileForm from './ProfileForm'
import SettingsCard from './SettingsCard'

/** Update name and email, and change the password; SSO users manage both at their provider. */
export default function UserProfilePage() {
  const user = useSession((state) => state.user)
  const isSSO = useSession((state) => state.isSSO)
  if (!user) return null
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PageHeader title="Profile" description="Your name, email address and password." />
      {isSSO && (
        <Alert severity="info">Your profile is managed by your single sign-on provider. Change it there.</Alert>
      )}
      <SettingsCard title="Details" description="How you appear to your team and where we email you.">
        {/* A new key once the email changed: the form starts again from the saved details, password field gone. */}
        <ProfileForm key={`${user.id} ${user.email}`} name={user.name} email={user.email} disabled={isSSO} />
      </SettingsCard>
      <SettingsCard title="Password" description={`Use at least ${PASSWORD_MIN_LENGTH} characters.`}>
        <PasswordForm disabled={isSSO} />
      </SettingsCard>
    </Stack>
  )
}
