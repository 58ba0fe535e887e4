import { useId } from 'react'
import FieldShell from './FieldShell'
import LocalTextField from './LocalTextField'
import type { InputFieldProps } from './types'

// An emptied field stores '' (no value) rather than 0, which would be a real setting.
const parseNumber = (text: string): number | string => (text.trim() === '' ? '' : Number(text))

export default function NumberInput({ param, value, onChange, disabled }: InputFieldProps) {
  const id = useId()
  return (
    <FieldShell param={param} htmlFor={id}>
      <LocalTextField
        id={id}
        type="number"
        value={value}
        onChange={onChange}
        parse={parseNumber}
        placeholder={param.placeholder}
        disabled={disabled}
        slotProps={{ htmlInput: { step: param.step ?? 1, 'aria-required': !param.optional } }}
      />
    </FieldShell>
  )
}
