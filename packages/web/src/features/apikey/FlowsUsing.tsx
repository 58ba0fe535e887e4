import Chip from '@mui/material/Chip'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import type { ApiKey } from '@weft/core'

/** How many flows are bound to a key; their names on hover. */
export default function FlowsUsing({ flows }: { flows: ApiKey['chatFlows'] }) {
  if (flows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No flows
      </Typography>
    )
  const names = flows.map((flow) => flow.name).join(', ')
  return (
    <Tooltip title={names}>
      <Chip size="small" variant="outlined" label={flows.length === 1 ? '1 flow' : `${flows.length} flows`} />
    </Tooltip>
  )
}
