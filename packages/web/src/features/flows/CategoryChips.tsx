import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import { categoriesOf } from './flowCategories'

// More chips than this would push the card's content around; the rest are named on hover.
const SHOWN = 3

/** A flow's categories as small chips, or nothing when it has none. */
export default function CategoryChips({ category }: { category: string | null }) {
  const categories = categoriesOf(category)
  if (categories.length === 0) return null
  const rest = categories.slice(SHOWN)
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" gap={0.5}>
      {categories.slice(0, SHOWN).map((name) => (
        <Chip key={name} label={name} size="small" sx={{ maxWidth: 160 }} />
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.join(', ')}>
          <Chip label={`+${rest.length}`} size="small" variant="outlined" />
        </Tooltip>
      )}
    </Stack>
  )
}
