import { updateUser } from '../../api/user'
import FormField from '../../components/form/FormField'
import FormStack from '../../components/form/FormStack'
import { useForm } from '../../components/form/useForm'
import { emailRules, required } from '../../components/form/validators'
import { notify } from '../../components/notifications/notify'
import { useSession } from '../../store/session'

interface ProfileFormProps {
  name: string
  email: string
  disabled: boolean
}

export default function ProfileForm({ name, email, disabled }: ProfileFormProps) {
  const updateProfile = useSession((state) => state.updateProfile)
  const form = useForm({
    initial: { name, email },
    rules: { name: [required('Name')], email: emailRules },
    onSubmit: async (values) => {
      const user = await updateUser(values)
      updateProfile({ name: user.name, email: user.email })
      notify('Profile updated', 'success')
    },
  })
  return (
    <FormStack onSubmit={form.handleSubmit} submitLabel="Save" submitting={form.submitting} error={form.formError} submitAlign="end" disabled={disabled}>
      <FormField {...form.field('name')} label="Name" autoComplete="name" disabled={disabled} />
      <FormField {...form.field('email')} label="Email" type="email" autoComplete="email" disabled={disabled} />
    </FormStack>
  )
}
