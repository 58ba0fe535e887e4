import Check from '@mui/icons-material/Check'
import Close from '@mui/icons-material/Close'
import EditOutlined from '@mui/icons-material/EditOutlined'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import TextField from '@mui/material/TextField'
import { useState, type FormEvent } from 'react'
import FlowTitle from './FlowTitle'

interface FlowNameProps {
  name: string
  /** Resolves true when the new name was taken. */
  onRename: (name: string) => Promise<boolean>
}

/** The flow's name with a pencil to rename it in place; Enter keeps the new name, Escape drops it. */
export default function FlowName({ name, onRename }: FlowNameProps) {
  const [draft, setDraft] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const next = draft?.trim() ?? ''
    if (next === '' || next === name) return setDraft(null)
    setBusy(true)
    const renamed = await onRename(next)
    setBusy(false)
    if (renamed) setDraft(null)
  }

  if (draft === null)
    return (
      <>
        <FlowTitle>{name}</FlowTitle>
        <Tooltip title="Rename">
          <IconButton size="small" aria-label="Edit name" onClick={() => setDraft(name)}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </>
    )
  return (
    <form onSubmit={(event) => void submit(event)} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
      <TextField
        size="small"
        autoFocus
        value={draft}
        disabled={busy}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && setDraft(null)}
        slotProps={{ htmlInput: { 'aria-label': 'Flow name', maxLength: 255 } }}
      />
      <Tooltip title="Save name">
        <span>
          <IconButton size="small" type="submit" aria-label="Save name" disabled={busy}>
            <Check fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Cancel">
        <span>
          <IconButton size="small" aria-label="Cancel rename" onClick={() => setDraft(null)} disabled={busy}>
            <Close fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </form>
  )
}
