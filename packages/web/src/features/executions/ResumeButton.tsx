import PlayArrow from '@mui/icons-material/PlayArrow'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import { useState } from 'react'

/** Continues a run the server stopped before it finished; busy until the run answers. */
export default function ResumeButton({ label, onResume }: { label: string; onResume: () => Promise<void> }) {
  const [busy, setBusy] = useState(false)
  return (
    <Button
      size="small"
      variant="outlined"
      aria-label={label}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={14} aria-hidden /> : <PlayArrow />}
      onClick={(event) => {
        event.stopPropagation()
        setBusy(true)
        void onResume().finally(() => setBusy(false))
      }}
    >
      Resume
    </Button>
  )
}
