import Chip from '@mui/material/Chip'
import { chatSourceLabel, type ChatSource } from '@weft/core'

/** Where a conversation came from: UI (the canvas), API or Embed; API/Embed for old messages that cannot tell. */
export default function SourceChips({ sources }: { sources: (ChatSource | null)[] }) {
  return (
    <>
      {sources.map((source) => (
        <Chip
          key={source ?? 'old'}
          size="small"
          variant="outlined"
          color={source === 'ui' ? 'default' : 'primary'}
          label={chatSourceLabel(source)}
          sx={{ height: 20, fontSize: '0.7rem' }}
        />
      ))}
    </>
  )
}
