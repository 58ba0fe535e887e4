import Link from '@mui/material/Link'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import { PASSWORD_MIN_LENGTH, errorMessage, type InvitationPreview } from '@weft/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { register } from '../../api/account'
import { previewInvitation } from '../../api/organizationUsers'
import { useLinkToken } from '../session/useLinkToken'
import AuthCard from '../../components/AuthCard'
import AuthMessage from '../../components/AuthMessage'
import NewAccountFields, { newAccountForm } from '../../components/form/NewAccountFields'
import FormField from '../../components/form/FormField'
import FormStack from '../../components/form/FormStack'
import { useForm } from '../../components/form/useForm'
import { confirmRules, newPasswordRules, required } from '../../components/form/validators'

const signInFooter = (
  <>
    Already have an account?{' '}
    <Link component={RouterLink} to="/login">
      Sign in
    </Link>
  </>
)

/** Who invited whom where, in one sentence. */
const inviteLine = (p: InvitationPreview) => {
  const who = p.invitedBy ?? 'An administrator'
  const where = p.workspace ? `the workspace ${p.workspace}` : 'a workspace'
  const org = p.organization ? ` of ${p.organization}` : ''
  return `${who} invited you to ${where}${org} as ${p.role}. Set your name and password to join.`
}

/** The invited person's form: the invited e-mail is fixed; they choose a name and a password. */
function InvitedForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const [done, setDone] = useState<string>()
  const form = useForm({
    initial: { name: invitation.name, password: '', confirmPassword: '' },
    rules: { name: [required('Name')], password: newPasswordRules, confirmPassword: confirmRules('password') },
    onSubmit: async ({ name, password }) =>
      setDone((await register({ name: name.trim(), email: invitation.email, password, token })).message),
  })
  return (
    <AuthCard title="Join Weft" subtitle={inviteLine(invitation)} footer={!done && signInFooter}>
      {done ? (
        <AuthMessage severity="success" message={done} action={{ label: 'Go to sign in', to: '/login' }} />
      ) : (
        <FormStack
          onSubmit={form.handleSubmit}
          submitLabel="Create account"
          submitting={form.submitting}
          error={form.formError}
        >
          <FormField
            name="email"
            label="Email"
            type="email"
            value={invitation.email}
            onChange={() => undefined}
            disabled
            helperText="The invitation is for this address."
          />
          <FormField {...form.field('name')} label="Name" autoComplete="name" autoFocus />
          <FormField
            {...form.field('password')}
            label="Password"
            type="password"
            autoComplete="new-password"
            helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
          />
          <FormField
            {...form.field('confirmPassword')}
            label="Confirm password"
            type="password"
            autoComplete="new-password"
          />
        </FormStack>
      )}
    </AuthCard>
  )
}

/** An invitation link: what it invites to, or why it can no longer be used. */
function Invitation({ token }: { token: string }) {
  const preview = useQuery({ queryKey: ['invitation', token], queryFn: () => previewInvitation(token), retry: false })
  if (preview.data) return <InvitedForm token={token} invitation={preview.data} />
  return (
    <AuthCard title="Join Weft" subtitle="You have been invited.">
      {preview.error ? (
        <AuthMessage
          severity="error"
          message={errorMessage(preview.error)}
          action={{ label: 'Go to sign in', to: '/login' }}
        />
      ) : (
        <Stack spacing={2} aria-label="Loading the invitation">
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={40} />
        </Stack>
      )}
    </AuthCard>
  )
}

/** Create an account: an invitation link carries its token in ?token; without one, cloud sign-up. */
export default function RegisterPage() {
  const token = useLinkToken()
  const [done, setDone] = useState<string>()
  const form = useForm({
    ...newAccountForm,
    onSubmit: async ({ name, email, password }) => setDone((await register({ name, email, password })).message),
  })
  if (token) return <Invitation token={token} />
  return (
    <AuthCard title="Create your account" subtitle="Start building AI flows in minutes." footer={!done && signInFooter}>
      {done ? (
        <AuthMessage severity="success" message={done} action={{ label: 'Go to sign in', to: '/login' }} />
      ) : (
        <FormStack
          onSubmit={form.handleSubmit}
          submitLabel="Create account"
          submitting={form.submitting}
          error={form.formError}
        >
          <NewAccountFields field={form.field} />
        </FormStack>
      )}
    </AuthCard>
  )
}
