import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { errorMessage, type DocumentStoreChunk } from '@weft/core'
import { useId, useState, type FormEvent } from 'react'
import type { ChunkChange } from '../../api/documentStores'

interface EditChunkDialogProps {
  chunk: DocumentStoreChunk
  /** Sends the change; a thrown error is shown in the dialog. The caller closes it. */
  onSubmit: (change: ChunkChange) => Promise<void>
  onClose: () => void
}

/** The metadata text as an object, or why it is not one. */
export function parseMetadata(text: string): { metadata: Record<string, unknown> } | { error: string } {
  if (text.trim() === '') return { metadata: {} }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { error: `Metadata is not valid JSON: ${errorMessage(error)}` }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { error: 'Metadata must be a JSON object, such as { "source": "handbook.txt" }' }
  return { metadata: value as Record<string, unknown> }
}

/** Changes one chunk's text and metadata. */
export default function EditChunkDialog({ chunk, onSubmit, onClose }: EditChunkDialogProps) {
  const titleId = useId()
  const [content, setContent] = useState(chunk.pageContent)
  const [metadataText, setMetadataText] = useState(() => JSON.stringify(chunk.metadata ?? {}, null, 2))
  const [tried, setTried] = useState(false)
  const [saving, setSaving] = useState(false)
  const [formError, setFormError] = useState<string>()

  const parsed = parseMetadata(metadataText)
  const metadataError = tried && 'error' in parsed ? parsed.error : undefined
  const contentError = tried && content.trim() === '' ? 'Content is required' : undefined

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if ('error' in parsed || content.trim() === '') return
    setSaving(true)
    setFormError(undefined)
    try {
      await onSubmit({ pageContent: content, metadata: parsed.metadata })
    } catch (error) {
      setFormError(errorMessage(error))
      setSaving(false)
    }
  }

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>Edit chunk {chunk.chunkNo + 1}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Content"
              multiline
              minRows={8}
              maxRows={20}
              value={content}
              onChange={(event) => setContent(event.target.value)}
              error={Boolean(contentError)}
              helperText={contentError ?? `${content.length} characters`}
              autoFocus
            />
            <TextField
              label="Metadata (JSON)"
              multiline
              minRows={4}
              maxRows={12}
              value={metadataText}
              onChange={(event) => setMetadataText(event.target.value)}
              error={Boolean(metadataError)}
              helperText={metadataError ?? 'A JSON object of keys and values.'}
              slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 }, spellCheck: false } }}
            />
            {formError && <Alert severity="error">{formError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
