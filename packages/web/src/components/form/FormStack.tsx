import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import type { FormEvent, ReactNode } from 'react'

interface FormStackProps {
  onSubmit: (event: FormEvent) => void
  submitLabel: string
  submitting: boolean
  error?: string | undefined
  children: ReactNode
  /** Auth pages stretch the button; settings forms put it at the end. */
  submitAlign?: 'stretch' | 'end'
  disabled?: boolean
}

/** A form column: fields, the server's error if any, and one submit button. */
export default function FormStack({
  onSubmit,
  submitLabel,
  submitting,
  error,
  children,
  submitAlign = 'stretch',
  disabled = false,
}: FormStackProps) {
  const stretch = submitAlign === 'stretch'
  return (
    <Stack component="form" noValidate spacing={2.25} onSubmit={onSubmit}>
      {children}
      {error && <Alert severity="error">{error}</Alert>}
      <Button
        type="submit"
        variant="contained"
        size={stretch ? 'large' : 'medium'}
        fullWidth={stretch}
        loading={submitting}
        disabled={disabled}
        sx={{ alignSelf: stretch ? 'stretch' : 'flex-end' }}
      >
        {submitLabel}
      </Button>
    </Stack>
  )
}
