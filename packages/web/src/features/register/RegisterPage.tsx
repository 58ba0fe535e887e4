import Link from '@mui/material/Link'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { register } from '../../api/account'
import { useLinkToken } from '../session/useLinkToken'
import AuthCard from '../../components/AuthCard'
import AuthMessage from '../../components/AuthMessage'
import NewAccountFields, { newAccountForm } from '../../components/form/NewAccountFields'
import FormStack from '../../components/form/FormStack'
import { useForm } from '../../components/form/useForm'

/** Create an account; an invitation link carries its token in ?token. */
export default function RegisterPage() {
  const token = useLinkToken()
  const [done, setDone] = useState<string>()
  const form = useForm({
    ...newAccountForm,
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
          <NewAccountFields field={form.field} />
        </FormStack>
      )}
    </AuthCard>
  )
}
