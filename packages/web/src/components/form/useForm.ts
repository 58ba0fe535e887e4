import { errorMessage } from '@weft/core'
import { useState, type ChangeEvent, type FormEvent } from 'react'
import { validate, type FormErrors, type FormValues, type Rules } from './validators'

interface FormOptions<V extends FormValues> {
  initial: V
  rules: Rules<V>
  /** Runs with valid values; a thrown error becomes the form's error message. */
  onSubmit: (values: V) => Promise<void>
}

/** Form state: values, messages shown once the user has tried to submit, and the submit error. */
export function useForm<V extends FormValues>({ initial, rules, onSubmit }: FormOptions<V>) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FormErrors<V>>({})
  const [tried, setTried] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [formError, setFormError] = useState<string>()

  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value }
      setValues(next)
      if (tried) setErrors(validate(next, rules))
    },
  })

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    const found = validate(values, rules)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSubmitting(true)
    setFormError(undefined)
    try {
      await onSubmit(values)
    } catch (error) {
      setFormError(errorMessage(error))
    } finally {
      setSubmitting(false)
    }
  }

  const reset = () => {
    setValues(initial)
    setErrors({})
    setTried(false)
  }

  return { values, field, handleSubmit, submitting, formError, reset }
}
