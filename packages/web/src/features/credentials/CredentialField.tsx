import Box from '@mui/material/Box'
import FormControlLabel from '@mui/material/FormControlLabel'
import MenuItem from '@mui/material/MenuItem'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { InputParam } from '@weft/core'
import { useId, useState, type ChangeEvent } from 'react'
import RevealToggle from '../../components/form/RevealToggle'
import { setFieldValue } from './setFieldValue'

interface CredentialFieldProps {
  input: InputParam
  field: {
    name: string
    value: string
    error?: string | undefined
    onChange: (event: ChangeEvent<HTMLInputElement>) => void
  }
  /** The server holds a value for this secret: the field shows dots and may stay empty. */
  savedSecret: boolean
}

const SAVED_SECRET_MASK = '••••••••'

/** One field of a credential type (SPEC §3 param types), as a plain form control. */
export default function CredentialField({ input, field, savedSecret }: CredentialFieldProps) {
  const id = useId()
  const [revealed, setRevealed] = useState(false)
  const { error, ...control } = field

  if (input.type === 'boolean')
    return (
      <FormControlLabel
        label={input.label}
        control={
          <Switch
            checked={field.value === 'true'}
            onChange={(event) => setFieldValue(field, String(event.target.checked))}
          />
        }
      />
    )

  const isSecret = input.type === 'password'
  const isLong = Boolean(input.rows) || input.type === 'json' || input.type === 'code'
  const helper =
    error ?? (savedSecret ? 'Saved. Leave empty to keep it, or type a new value.' : undefined) ?? input.description
  return (
    <Box>
      <Typography component="label" htmlFor={id} variant="subtitle2" sx={{ display: 'block', mb: 0.75 }}>
        {input.label}
        {!input.optional && (
          <Box component="span" aria-hidden sx={{ color: 'error.main', ml: 0.25 }}>
            *
          </Box>
        )}
      </Typography>
      <TextField
        {...control}
        id={id}
        fullWidth
        size="small"
        select={input.type === 'options'}
        type={isSecret && !revealed ? 'password' : input.type === 'number' ? 'number' : 'text'}
        autoComplete={isSecret ? 'new-password' : 'off'}
        placeholder={savedSecret ? SAVED_SECRET_MASK : input.placeholder}
        multiline={isLong}
        minRows={isLong ? (input.rows ?? 4) : undefined}
        error={Boolean(error)}
        helperText={helper}
        slotProps={{
          input: {
            endAdornment: isSecret ? (
              <RevealToggle revealed={revealed} onToggle={() => setRevealed((shown) => !shown)} />
            ) : undefined,
            sx: isLong ? { fontFamily: 'monospace', fontSize: 13 } : undefined,
          },
          htmlInput: { 'aria-required': !input.optional },
        }}
      >
        {input.type === 'options' &&
          (input.options ?? []).map((option) => (
            <MenuItem key={option.name} value={option.name}>
              {option.label}
            </MenuItem>
          ))}
      </TextField>
    </Box>
  )
}
