import Link from '@mui/material/Link'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { forgotPassword } from '../../api/account'
import AuthCard from '../../components/AuthCard'
import AuthMessage from '../../components/AuthMessage'
import FormField from '../../components/form/FormField'
import FormStack from '../../components/form/FormStack'
import { useForm } from '../../components/form/useForm'
import { emailRules } from '../../components/form/validators'

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState<string>()
  const form = useForm({
    initial: { email: '' },
    rules: { email: emailRules },
    onSubmit: async ({ email }) => setSent((await forgotPassword(email)).message),
  })
  const footer = (
    <Link component={RouterLink} to="/login">
      Back to sign in
    </Link>
  )
  return (
    <AuthCard title="Forgot password?" subtitle="Enter your email and we will send you a link to reset your password." footer={!sent && footer}>
      {sent ? (
        <AuthMessage severity="success" message={sent} action={{ label: 'Back to sign in', to: '/login' }} />
      ) : (
        <FormStack onSubmit={form.handleSubmit} submitLabel="Send reset link" submitting={form.submitting} error={form.formError}>
          <FormField {...form.field('email')} label="Email" type="email" autoComplete="email" autoFocus />
        </FormStack>
      )}
    </AuthCard>
  )
}
