import UploadFile from '@mui/icons-material/UploadFileOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import type { ChangeEvent, InputHTMLAttributes } from 'react'

interface FilePickerProps {
  /** The accessible name of the hidden file input. */
  label: string
  buttonText: string
  /** What is chosen now, e.g. a file name or "3 files". */
  chosen: string
  disabled?: boolean
  inputProps: InputHTMLAttributes<HTMLInputElement>
  onFiles: (files: File[]) => void
}

/** A button that opens the browser's file chooser, with what was chosen beside it. */
export default function FilePicker({ label, buttonText, chosen, disabled, inputProps, onFiles }: FilePickerProps) {
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? [])
    event.target.value = ''
    if (files.length > 0) onFiles(files)
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Button
        component="label"
        size="small"
        variant="outlined"
        disabled={disabled}
        startIcon={<UploadFile sx={{ fontSize: 16 }} />}
        sx={{ flexShrink: 0 }}
      >
        {buttonText}
        <input hidden type="file" aria-label={label} disabled={disabled} onChange={pick} {...inputProps} />
      </Button>
      <Typography
        variant="body2"
        noWrap
        title={chosen}
        sx={{ fontSize: 13, color: chosen ? 'text.primary' : 'text.secondary' }}
      >
        {chosen || 'Nothing chosen'}
      </Typography>
    </Box>
  )
}
