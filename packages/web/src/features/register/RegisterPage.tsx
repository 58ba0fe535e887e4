import Link from '@mui/material/Link'
import { useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { register } from '../../api/account'
import AuthCard from '../../components/AuthCard'
import AuthMessage from '../../components/AuthMessage'
import FormField from '../../components/form/FormField'
import FormStack from '../../components/form/FormStack'
import { useForm } from '../../components/form/useForm'
import { confirmRules, emailRules, newPasswordRules, required } from '../../components/form/validators'

/** Create an account; an invitation link carries its token in ?token. */
export default function RegisterPage() {
  const token = useSearchParams()[0].get('token') ?? undefined
  const [done, setDone] = useState<string>()
  const form = useForm({
    initial: { name: '', email: '', password: '', confirmPassword: '' },
    rules: { name: [required('Name')], email: emailRules, password: newPasswordRules, confirmPassword: confirmRules('password') },
    onSubmit: async ({ name, email, password }) => setDone((await register({ name, email, password, token })).message),
  })

  const footer = (
    <>
      Already have an account?{' '}
      <Link component={RouterLink} to="/login">
        Sign in
      </Link>
    </>
  )
  const subtitle = token ? 'You have been invited. Create your account to join.' : 'Start building AI flows in minutes.'
  return (
    <AuthCard title="Create your account" subtitle={subtitle} footer={!done && footer}>
      {done ? (
        <AuthMessage severity="success" message={done} action={{ label: 'Go to sign in', to: '/login' }} />
      ) : (
        <FormStack onSubmit={form.handleSubmit} submitLabel="Create account" submitting={form.submitting} error={form.formError}>
          <FormField {...form.field('name')} label="Name" autoComplete="name" autoFocus />
          <FormField {...form.field('email')} label="Email" type="email" autoComplete="email" />
          <FormField {...form.field('password')} label="Password" type="password" autoComplete="new-password" helperText="At least 8 characters" />
          <FormField {...form.field('confirmPassword')} label="Confirm password" type="password" autoComplete="new-password" />
        </FormStack>
      )}
    </AuthCard>
  )
}
