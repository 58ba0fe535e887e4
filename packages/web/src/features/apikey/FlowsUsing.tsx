import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import type { ApiKey } from '@weft/core'
import { Link as RouterLink } from 'react-router'
import { canvasPathOf } from '../flows/canvasPathOf'

// More names than this would stretch the row; the rest are named on hover.
const SHOWN = 3

/** The flows bound to a key, each a link to its canvas. */
export default function FlowsUsing({ flows }: { flows: ApiKey['chatFlows'] }) {
  if (flows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No flows
      </Typography>
    )
  const rest = flows.slice(SHOWN)
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" columnGap={1.5} rowGap={0.5} alignItems="center">
      {flows.slice(0, SHOWN).map((flow) => (
        <Link
          key={flow.id}
          component={RouterLink}
          to={canvasPathOf(flow)}
          variant="body2"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {flow.name}
        </Link>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.map((flow) => flow.name).join(', ')}>
          <Chip size="small" variant="outlined" label={`+${rest.length} more`} />
        </Tooltip>
      )}
    </Stack>
  )
}
