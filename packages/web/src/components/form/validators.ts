import { PASSWORD_MIN_LENGTH } from '@weft/core'

export type FormValues = Record<string, string>

/** A field rule: the error message, or undefined when the value is fine. */
export type Rule = (value: string, values: FormValues) => string | undefined

export type Rules<V extends FormValues> = Partial<Record<keyof V, Rule[]>>

export type FormErrors<V extends FormValues> = Partial<Record<keyof V, string>>


const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const required =
  (label: string): Rule =>
  (value) =>
    value.trim() === '' ? `${label} is required` : undefined

export const isEmail: Rule = (value) => (EMAIL.test(value.trim()) ? undefined : 'Enter a valid email address')

export const isLongEnough: Rule = (value) =>
  value.length >= PASSWORD_MIN_LENGTH ? undefined : `Password must be at least ${PASSWORD_MIN_LENGTH} characters`

export const matches =
  (field: string): Rule =>
  (value, values) =>
    value === values[field] ? undefined : 'Passwords do not match'

/** Rules shared by the sign-in, registration, reset and profile forms. */
export const emailRules = [required('Email'), isEmail]
export const newPasswordRules = [required('Password'), isLongEnough]
export const confirmRules = (field: string) => [required('Confirm password'), matches(field)]

/** The first failing rule's message for each field. */
export function validate<V extends FormValues>(values: V, rules: Rules<V>): FormErrors<V> {
  const errors: FormErrors<V> = {}
  for (const name of Object.keys(rules) as (keyof V)[]) {
    const message = rules[name]?.map((rule) => rule(values[name] ?? '', values)).find(Boolean)
    if (message) errors[name] = message
  }
  return errors
}
