import MenuItem from '@mui/material/MenuItem'
import Select from '@mui/material/Select'
import FieldShell from './FieldShell'
import OptionText from './OptionText'
import type { InputFieldProps } from './types'
import { optionLabel, toText } from './values'

export default function OptionsInput({ param, value, onChange, disabled }: InputFieldProps) {
  const options = param.options ?? []
  const chosen = toText(value)
  // A value no option offers (an older node version) shows as empty rather than as a broken select.
  const selected = options.some((option) => option.name === chosen) ? chosen : ''
  return (
    <FieldShell param={param}>
      <Select
        size="small"
        fullWidth
        displayEmpty
        value={selected}
        disabled={disabled}
        inputProps={{ 'aria-label': param.label }}
        renderValue={(name) => (name ? optionLabel(options, name) : (param.placeholder ?? 'Choose an option'))}
        sx={{ fontSize: 13, color: selected ? 'text.primary' : 'text.secondary' }}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <MenuItem key={option.name} value={option.name}>
            <OptionText option={option} />
          </MenuItem>
        ))}
      </Select>
    </FieldShell>
  )
}
