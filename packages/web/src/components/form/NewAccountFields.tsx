import { PASSWORD_MIN_LENGTH } from '@weft/core'
import FormField from './FormField'
import type { useForm } from './useForm'
import { confirmRules, emailRules, newPasswordRules, required } from './validators'

export type NewAccountValues = { name: string; email: string; password: string; confirmPassword: string }

/** Starting values and rules of every form that creates an account (setup, registration). */
export const newAccountForm = {
  initial: { name: '', email: '', password: '', confirmPassword: '' } as NewAccountValues,
  rules: { name: [required('Name')], email: emailRules, password: newPasswordRules, confirmPassword: confirmRules('password') },
}

type Field = ReturnType<typeof useForm<NewAccountValues>>['field']

/** Name, email, password and its confirmation. */
export default function NewAccountFields({ field }: { field: Field }) {
  return (
    <>
      <FormField {...field('name')} label="Name" autoComplete="name" autoFocus />
      <FormField {...field('email')} label="Email" type="email" autoComplete="email" />
      <FormField
        {...field('password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
      />
      <FormField {...field('confirmPassword')} label="Confirm password" type="password" autoComplete="new-password" />
    </>
  )
}
