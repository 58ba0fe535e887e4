import Visibility from '@mui/icons-material/VisibilityOutlined'
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useId, useState, type ChangeEvent } from 'react'

interface FormFieldProps {
  name: string
  label: string
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  error?: string | undefined
  helperText?: string
  type?: 'text' | 'email' | 'password'
  autoComplete?: string
  autoFocus?: boolean
  disabled?: boolean
}

/** A labelled text field; password fields get a show/hide button. */
export default function FormField({ label, error, helperText, type = 'text', ...input }: FormFieldProps) {
  const id = useId()
  const [revealed, setRevealed] = useState(false)
  const isPassword = type === 'password'
  const toggle = isPassword && (
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
    <Box>
      <Typography component="label" htmlFor={id} variant="subtitle2" sx={{ display: 'block', mb: 0.75 }}>
        {label}
      </Typography>
      <TextField
        {...input}
        id={id}
        type={isPassword && revealed ? 'text' : type}
        fullWidth
        size="small"
        error={Boolean(error)}
        helperText={error ?? helperText}
        slotProps={{ input: { endAdornment: toggle || undefined } }}
      />
    </Box>
  )
}
