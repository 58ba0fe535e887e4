import ListItemText from '@mui/material/ListItemText'
import type { InputOption } from '@weft/core'

/** An option's label with its description, as the text of a menu item. */
export default function OptionText({ option }: { option: InputOption }) {
  return (
    <ListItemText
      primary={option.label}
      secondary={option.description}
      slotProps={{ primary: { fontSize: 13 }, secondary: { fontSize: 12, sx: { whiteSpace: 'normal' } } }}
    />
  )
}
