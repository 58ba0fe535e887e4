import { updateUser } from '../../api/user'
import FormField from '../../components/form/FormField'
import FormStack from '../../components/form/FormStack'
import { useForm } from '../../components/form/useForm'
import { emailRules, required, type Rule } from '../../components/form/validators'
import { notify } from '../../components/notifications/notify'
import { useSession } from '../../store/session'

interface ProfileFormProps {
  name: string
  email: string
  disabled: boolean
}

export default function ProfileForm({ name, email, disabled }: ProfileFormProps) {
  const updateProfile = useSession((state) => state.updateProfile)
  // The server asks for the current password before it moves the account to another address.
  const isNewEmail = (value: string) => value.trim().toLowerCase() !== email.toLowerCase()
  const passwordForNewEmail: Rule = (value, values) =>
    isNewEmail(values.email ?? '') && value === '' ? 'Enter your current password to change the email' : undefined
  const form = useForm({
    initial: { name, email, oldPassword: '' },
    rules: { name: [required('Name')], email: emailRules, oldPassword: [passwordForNewEmail] },
    onSubmit: async ({ oldPassword, ...values }) => {
      const user = await updateUser(isNewEmail(values.email) ? { ...values, oldPassword } : values)
      updateProfile({ name: user.name, email: user.email })
      notify('Profile updated', 'success')
    },
  })
  return (
    <FormStack onSubmit={form.handleSubmit} submitLabel="Save" submitting={form.submitting} error={form.formError} submitAlign="end" disabled={disabled}>
      <FormField {...form.field('name')} label="Name" autoComplete="name" disabled={disabled} />
      <FormField {...form.field('email')} label="Email" type="email" autoComplete="email" disabled={disabled} />
      {isNewEmail(form.values.email) && (
        <FormField
          {...form.field('oldPassword')}
          label="Current password (to change the email)"
          helperText={`We will tell ${email} that the email changed.`}
          type="password"
          autoComplete="current-password"
          disabled={disabled}
        />
      )}
    </FormStack>
  )
}
