import Box from '@mui/material/Box'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useId, useState, type ChangeEvent } from 'react'
import RevealToggle from './RevealToggle'

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
  const toggle = isPassword && <RevealToggle revealed={revealed} onToggle={() => setRevealed((shown) => !shown)} />
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
