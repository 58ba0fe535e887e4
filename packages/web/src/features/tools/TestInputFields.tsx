import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import type { TestField, TestValues } from './testInput'

interface TestInputFieldsProps {
  fields: TestField[]
  values: TestValues
  errors: Record<string, string>
  onChange: (name: string, value: string | boolean) => void
}

/** One control per argument of the tool, chosen by its type. */
export default function TestInputFields({ fields, values, errors, onChange }: TestInputFieldsProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {fields.map((field) => {
        const value = values[field.name]
        const error = errors[field.name]
        const helperText = error ?? (field.description || undefined)
        if (field.kind === 'boolean')
          return (
            <Box key={field.name}>
              <FormControlLabel
                control={
                  <Checkbox checked={value === true} onChange={(event) => onChange(field.name, event.target.checked)} />
                }
                label={field.name}
              />
              {helperText && <FormHelperText sx={{ mt: 0 }}>{helperText}</FormHelperText>}
            </Box>
          )
        const text = typeof value === 'string' ? value : ''
        return (
          <TextField
            key={field.name}
            label={field.name}
            required={field.required}
            size="small"
            value={text}
            onChange={(event) => onChange(field.name, event.target.value)}
            error={Boolean(error)}
            helperText={helperText}
            select={field.kind === 'choice'}
            type={field.kind === 'date' ? 'date' : 'text'}
            multiline={field.kind === 'json'}
            placeholder={field.kind === 'json' ? 'JSON, e.g. ["a", "b"]' : undefined}
            slotProps={{
              inputLabel: field.kind === 'date' ? { shrink: true } : undefined,
              htmlInput: field.kind === 'number' ? { inputMode: 'decimal' } : undefined,
            }}
            sx={field.kind === 'json' ? { gridColumn: '1 / -1', '& textarea': { fontFamily: 'monospace' } } : undefined}
          >
            {field.kind === 'choice' &&
              field.options.map((option) => (
                <MenuItem key={option} value={option}>
                  {option}
                </MenuItem>
              ))}
          </TextField>
        )
      })}
    </Box>
  )
}
