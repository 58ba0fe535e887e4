import { updateUser } from '../../api/user'
import FormField from '../../components/form/FormField'
import FormStack from '../../components/form/FormStack'
import { useForm } from '../../components/form/useForm'
import { confirmRules, newPasswordRules, required } from '../../components/form/validators'
import { notify } from '../../components/notifications/notify'

const empty = { oldPassword: '', newPassword: '', confirmPassword: '' }

export default function PasswordForm({ disabled }: { disabled: boolean }) {
  const form = useForm({
    initial: empty,
    rules: {
      oldPassword: [required('Current password')],
      newPassword: newPasswordRules,
      confirmPassword: confirmRules('newPassword'),
    },
    onSubmit: async ({ oldPassword, newPassword }) => {
      await updateUser({ oldPassword, newPassword })
      form.reset()
      notify('Password changed', 'success')
    },
  })
  return (
    <FormStack onSubmit={form.handleSubmit} submitLabel="Change password" submitting={form.submitting} error={form.formError} submitAlign="end" disabled={disabled}>
      <FormField {...form.field('oldPassword')} label="Current password" type="password" autoComplete="current-password" disabled={disabled} />
      <FormField {...form.field('newPassword')} label="New password" type="password" autoComplete="new-password" disabled={disabled} />
      <FormField {...form.field('confirmPassword')} label="Confirm new password" type="password" autoComplete="new-password" disabled={disabled} />
    </FormStack>
  )
}
