import UploadFile from '@mui/icons-material/UploadFileOutlined'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { errorMessage, type ProviderFile } from '@weft/core'
import { useId, useState } from 'react'

interface FileUploadButtonProps {
  label: string
  /** Sends one file; files go one at a time so the progress says how far the upload is. */
  send: (file: File) => Promise<ProviderFile[]>
  onUploaded: (files: ProviderFile[]) => void
  disabled?: boolean
}

/** Picks files and uploads them one by one to the provider, showing which one is on its way. */
export default function FileUploadButton({ label, send, onUploaded, disabled = false }: FileUploadButtonProps) {
  const inputId = useId()
  const [progress, setProgress] = useState<{ done: number; total: number; name: string }>()
  const [problem, setProblem] = useState<string>()

  const upload = async (files: File[]) => {
    setProblem(undefined)
    const uploaded: ProviderFile[] = []
    try {
      for (const [index, file] of files.entries()) {
        setProgress({ done: index, total: files.length, name: file.name })
        uploaded.push(...(await send(file)))
      }
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setProgress(undefined)
      if (uploaded.length) onUploaded(uploaded)
    }
  }

  return (
    <Stack spacing={1}>
      <Button
        component="label"
        htmlFor={inputId}
        variant="outlined"
        size="small"
        startIcon={<UploadFile />}
        disabled={disabled || progress !== undefined}
        sx={{ alignSelf: 'flex-start' }}
      >
        {label}
        <input
          id={inputId}
          type="file"
          multiple
          hidden
          aria-label={label}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])]
            event.target.value = ''
            if (files.length) void upload(files)
          }}
        />
      </Button>
      {progress && (
        <Stack spacing={0.5} role="status">
          <Typography variant="caption" color="text.secondary">
            Uploading {progress.done + 1} of {progress.total}: {progress.name}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={(progress.done / progress.total) * 100}
            aria-label={`Uploading ${progress.done + 1} of ${progress.total}`}
          />
        </Stack>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
    </Stack>
  )
}
