import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useId, useState } from 'react'

// Long enough for a paragraph or two; a full chunk opens on request.
const FOLD_AT = 400

/** The first words of a long text, with "Show more" for the rest. */
export default function FoldedText({ text }: { text: string }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const long = text.length > FOLD_AT
  const cut = text.slice(0, FOLD_AT)
  const shown = !long || open ? text : `${cut.slice(0, Math.max(cut.lastIndexOf(' '), FOLD_AT / 2)).trimEnd()}…`
  return (
    <div>
      <Typography id={id} variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {shown}
      </Typography>
      {long && (
        <Button
          size="small"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
          sx={{ mt: 0.5, px: 0.5, minWidth: 0 }}
        >
          {open ? 'Show less' : 'Show more'}
        </Button>
      )}
    </div>
  )
}
