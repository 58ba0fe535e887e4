import { DEFAULT_PATH } from '@weft/core'
import { Navigate } from 'react-router'
import { setupOrganization } from '../../api/account'
import AuthCard from '../../components/AuthCard'
import NewAccountFields, { newAccountForm } from '../../components/form/NewAccountFields'
import FormStack from '../../components/form/FormStack'
import { useForm } from '../../components/form/useForm'
import { useSettings } from '../../store/settings'
import { useSignIn } from '../session/useSignIn'

/** First start: create the administrator, who is signed in straight away. */
export default function OrganizationSetupPage() {
  const setupRequired = useSettings((state) => state.setupRequired)
  const completeSetup = useSettings((state) => state.completeSetup)
  const signIn = useSignIn()
  const form = useForm({
    ...newAccountForm,
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
        <NewAccountFields field={form.field} />
      </FormStack>
    </AuthCard>
  )
}
