import { useState } from 'react'
import { resetPassword } from '../../api/account'
import { useLinkToken } from '../session/useLinkToken'
import AuthCard from '../../components/AuthCard'
import AuthMessage from '../../components/AuthMessage'
import FormField from '../../components/form/FormField'
import FormStack from '../../components/form/FormStack'
import { useForm } from '../../components/form/useForm'
import { confirmRules, newPasswordRules } from '../../components/form/validators'

/** /reset-password?token=…: choose a new password. */
export default function ResetPasswordPage() {
  const token = useLinkToken()
  const [done, setDone] = useState<string>()
  const form = useForm({
    initial: { password: '', confirmPassword: '' },
    rules: { password: newPasswordRules, confirmPassword: confirmRules('password') },
    onSubmit: async ({ password }) => setDone((await resetPassword({ token: token ?? '', password })).message),
  })

  const body = !token ? (
    <AuthMessage
      severity="error"
      message="This reset link has no token. Ask for a new link and open it from your email."
      action={{ label: 'Request a new link', to: '/forgot-password' }}
    />
  ) : done ? (
    <AuthMessage severity="success" message={done} action={{ label: 'Go to sign in', to: '/login' }} />
  ) : (
    <FormStack onSubmit={form.handleSubmit} submitLabel="Reset password" submitting={form.submitting} error={form.formError}>
      <FormField {...form.field('password')} label="New password" type="password" autoComplete="new-password" helperText="At least 8 characters" autoFocus />
      <FormField {...form.field('confirmPassword')} label="Confirm password" type="password" autoComplete="new-password" />
    </FormStack>
  )
  return (
    <AuthCard title="Reset your password" subtitle={token && !done ? 'Choose a new password for your account.' : undefined}>
      {body}
    </AuthCard>
  )
}
