import Cancel from '@mui/icons-material/Cancel'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import FormHelperText from '@mui/material/FormHelperText'
import LinearProgress from '@mui/material/LinearProgress'
import { errorMessage, type DocumentStoreFile, type InputParam } from '@weft/core'
import { useState } from 'react'
import { uploadStoreFile } from '../../api/documentStores'
import FieldShell from '../canvas/node/inputs/FieldShell'
import FilePicker from '../canvas/node/inputs/FilePicker'

interface StoreFilesFieldProps {
  /** A `file` param takes one file, a `folder` param several. */
  param: InputParam
  storeId: string
  files: DocumentStoreFile[]
  onChange: (files: DocumentStoreFile[]) => void
  disabled?: boolean | undefined
}

const sizeOf = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** Uploads the files a loader reads into the store at once, and lists them. */
export default function StoreFilesField({ param, storeId, files, onChange, disabled }: StoreFilesFieldProps) {
  const several = param.type === 'folder'
  const [uploading, setUploading] = useState<string>()
  const [error, setError] = useState<string>()

  const upload = async (chosen: File[]) => {
    setError(undefined)
    const uploaded: DocumentStoreFile[] = []
    let current = ''
    try {
      // One at a time: a failure names its file, and those before it stay uploaded.
      for (const file of several ? chosen : chosen.slice(0, 1)) {
        current = file.name
        setUploading(current)
        uploaded.push(await uploadStoreFile(storeId, file))
      }
    } catch (failure) {
      setError(`Could not upload ${current}: ${errorMessage(failure)}`)
    } finally {
      setUploading(undefined)
      if (uploaded.length > 0) onChange(several ? [...files, ...uploaded] : uploaded)
    }
  }

  // The files themselves are listed below, each with its size and a way to remove it.
  const chosenText = files.length === 0 ? '' : files.length === 1 ? 'Uploaded' : `${files.length} files uploaded`
  return (
    <FieldShell param={param} error={error}>
      <FilePicker
        label={param.label}
        buttonText={several ? 'Upload files' : files.length ? 'Replace file' : 'Upload file'}
        chosen={uploading ? `Uploading ${uploading}…` : chosenText}
        disabled={disabled || uploading !== undefined}
        inputProps={{ accept: param.fileType, multiple: several }}
        onFiles={(chosen) => void upload(chosen)}
      />
      {uploading && <LinearProgress aria-label={`Uploading ${uploading}`} sx={{ borderRadius: 1 }} />}
      {files.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          {files.map((file) => (
            <Chip
              key={file.id}
              size="small"
              label={`${file.name} · ${sizeOf(file.size)}`}
              onDelete={disabled ? undefined : () => onChange(files.filter((other) => other.id !== file.id))}
              deleteIcon={<Cancel role="button" aria-label={`Remove ${file.name}`} aria-hidden={false} />}
            />
          ))}
        </Box>
      )}
      {several && files.length === 0 && !error && (
        <FormHelperText sx={{ m: 0 }}>Choose several files at once, or upload more later.</FormHelperText>
      )}
    </FieldShell>
  )
}
