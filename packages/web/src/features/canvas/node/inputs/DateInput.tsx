import { useId } from 'react'
import FieldShell from './FieldShell'
import LocalTextField from './LocalTextField'
import type { InputFieldProps } from './types'

export default function DateInput({ param, value, onChange, disabled }: InputFieldProps) {
  const id = useId()
  return (
    <FieldShell param={param} htmlFor={id}>
      <LocalTextField
        id={id}
        type="datetime-local"
        value={value}
        onChange={onChange}
        disabled={disabled}
        slotProps={{ htmlInput: { 'aria-required': !param.optional } }}
      />
    </FieldShell>
  )
}
