import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import Chip from '@mui/material/Chip'
import MenuItem from '@mui/material/MenuItem'
import Select from '@mui/material/Select'
import FieldShell from './FieldShell'
import OptionText from './OptionText'
import type { InputFieldProps } from './types'
import { optionLabel, toNameList } from './values'

export default function MultiOptionsInput({ param, value, onChange, disabled }: InputFieldProps) {
  const options = param.options ?? []
  const offered = new Set(options.map((option) => option.name))
  const selected = toNameList(value).filter((name) => offered.has(name))
  return (
    <FieldShell param={param}>
      <Select<string[]>
        multiple
        size="small"
        fullWidth
        displayEmpty
        value={selected}
        disabled={disabled}
        inputProps={{ 'aria-label': param.label }}
        sx={{ fontSize: 13 }}
        renderValue={(names) =>
          names.length === 0 ? (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {param.placeholder ?? 'Choose options'}
            </Box>
          ) : (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {names.map((name) => (
                <Chip key={name} label={optionLabel(options, name)} size="small" sx={{ height: 22 }} />
              ))}
            </Box>
          )
        }
        onChange={(event) => onChange(toNameList(event.target.value))}
      >
        {options.map((option) => (
          <MenuItem key={option.name} value={option.name} dense>
            <Checkbox size="small" checked={selected.includes(option.name)} sx={{ p: 0.5, mr: 1 }} />
            <OptionText option={option} />
          </MenuItem>
        ))}
      </Select>
    </FieldShell>
  )
}
