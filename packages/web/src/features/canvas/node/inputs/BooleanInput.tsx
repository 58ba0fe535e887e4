import Box from '@mui/material/Box'
import Switch from '@mui/material/Switch'
import { useId } from 'react'
import FieldLabel from './FieldLabel'
import type { InputFieldProps } from './types'
import { isChecked } from './values'

export default function BooleanInput({ param, value, onChange, disabled }: InputFieldProps) {
  const id = useId()
  return (
    <Box
      className="nodrag nowheel"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
    >
      <FieldLabel param={{ ...param, optional: true }} htmlFor={id} />
      <Switch
        id={id}
        size="small"
        checked={isChecked(value)}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
    </Box>
  )
}
