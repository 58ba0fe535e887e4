import Visibility from '@mui/icons-material/VisibilityOutlined'
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import { useId, useState } from 'react'
import FieldShell from './FieldShell'
import LocalTextField from './LocalTextField'
import type { InputFieldProps } from './types'

export default function PasswordInput({ param, value, onChange, disabled }: InputFieldProps) {
  const id = useId()
  const [revealed, setRevealed] = useState(false)
  const toggle = (
    <InputAdornment position="end">
      <IconButton
        aria-label={revealed ? 'Hide password' : 'Show password'}
        onClick={() => setRevealed((shown) => !shown)}
        edge="end"
        size="small"
      >
        {revealed ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
      </IconButton>
    </InputAdornment>
  )
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
