import Chip from '@mui/material/Chip'
import { chatSourceLabel, type ChatType } from '@weft/core'

/** Where a conversation came from, named as Flowise names it: UI (the canvas) or API/Embed. */
export default function SourceChips({ types }: { types: ChatType[] }) {
  return (
    <>
      {types.map((type) => (
        <Chip
          key={type}
          size="small"
          variant="outlined"
          color={type === 'INTERNAL' ? 'default' : 'primary'}
          label={chatSourceLabel(type)}
          sx={{ height: 20, fontSize: '0.7rem' }}
        />
      ))}
    </>
  )
}
