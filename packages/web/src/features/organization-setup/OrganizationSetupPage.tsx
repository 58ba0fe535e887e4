import { DEFAULT_PATH } from '@weft/core'
import { Navigate } from 'react-router'
import { setupOrganization } from '../../api/account'
import AuthCard from '../../components/AuthCard'
import FormField from '../../components/form/FormField'
import FormStack from '../../components/form/FormStack'
import { useForm } from '../../components/form/useForm'
import { confirmRules, emailRules, newPasswordRules, required } from '../../components/form/validators'
import { useSettings } from '../../store/settings'
import { useSignIn } from '../session/useSignIn'

/** First start: create the administrator, who is signed in straight away. */
export default function OrganizationSetupPage() {
  const setupRequired = useSettings((state) => state.setupRequired)
  const completeSetup = useSettings((state) => state.completeSetup)
  const signIn = useSignIn()
  const form = useForm({
    initial: { name: '', email: '', password: '', confirmPassword: '' },
    rules: { name: [required('Name')], email: emailRules, password: newPasswordRules, confirmPassword: confirmRules('password') },
    onSubmit: async ({ name, email, password }) => {
      const response = await setupOrganization({ name, email, password })
      completeSetup()
      signIn(response, DEFAULT_PATH)
    },
  })

  if (!setupRequired) return <Navigate to={DEFAULT_PATH} replace />
  return (
    <AuthCard title="Set up your organization" subtitle="Create the administrator account. You can invite your team afterwards.">
      <FormStack onSubmit={form.handleSubmit} submitLabel="Set up organization" submitting={form.submitting} error={form.formError}>
        <FormField {...form.field('name')} label="Name" autoComplete="name" autoFocus />
        <FormField {...form.field('email')} label="Email" type="email" autoComplete="email" />
        <FormField {...form.field('password')} label="Password" type="password" autoComplete="new-password" helperText="At least 8 characters" />
        <FormField {...form.field('confirmPassword')} label="Confirm password" type="password" autoComplete="new-password" />
      </FormStack>
    </AuthCard>
  )
}
