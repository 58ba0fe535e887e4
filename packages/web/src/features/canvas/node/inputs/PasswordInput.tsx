import { useId, useState } from 'react'
import FieldShell from './FieldShell'
import LocalTextField from './LocalTextField'
import type { InputFieldProps } from './types'
import RevealToggle from '../../../../components/form/RevealToggle'

export default function PasswordInput({ param, value, onChange, disabled }: InputFieldProps) {
  const id = useId()
  const [revealed, setRevealed] = useState(false)
  const toggle = <RevealToggle revealed={revealed} onToggle={() => setRevealed((shown) => !shown)} />
  return (
    <FieldShell param={param} htmlFor={id}>
      <LocalTextField
        id={id}
        type={revealed ? 'text' : 'password'}
        autoComplete="off"
        value={value}
        onChange={onChange}
        placeholder={param.placeholder}
        disabled={disabled}
        slotProps={{ input: { endAdornment: toggle }, htmlInput: { 'aria-required': !param.optional } }}
      />
    </FieldShell>
  )
}
