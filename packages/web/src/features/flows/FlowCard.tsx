import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { memo } from 'react'
import { canvasPathOf } from './canvasPathOf'
import CategoryChips from './CategoryChips'
import FlowActionsMenu, { type FlowHandlers } from './FlowActionsMenu'
import { fromNow, fullDate } from './fromNow'
import HoverCard from './HoverCard'
import NodeIcons from './NodeIcons'
import StretchedLink from './StretchedLink'
import type { FlowItem } from './useFlowList'

interface FlowCardProps {
  item: FlowItem
  handlers: FlowHandlers
  typeLabel?: string | undefined
}

/** A flow in the card view: its name, categories, the nodes it uses and when it last changed; opens its canvas. */
function FlowCard({ item: { flow, nodeTypes }, handlers, typeLabel }: FlowCardProps) {
  return (
    <HoverCard>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <Typography
          variant="h6"
          component="h2"
          sx={{
            flexGrow: 1,
            minWidth: 0,
            overflowWrap: 'anywhere',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          <StretchedLink to={canvasPathOf(flow)}>{flow.name}</StretchedLink>
        </Typography>
        <Box sx={{ position: 'relative', zIndex: 1, mt: -0.5, mr: -0.5 }}>
          <FlowActionsMenu flow={flow} handlers={handlers} />
        </Box>
      </Stack>
      <CategoryChips category={flow.category} />
      <Box sx={{ flexGrow: 1 }}>
        <NodeIcons nodes={nodeTypes} />
      </Box>
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
        <Typography variant="caption" color="text.secondary" title={fullDate(flow.updatedDate)}>
          Updated {fromNow(flow.updatedDate)}
        </Typography>
        {typeLabel && (
          <Chip
            label={typeLabel}
            size="small"
            variant="outlined"
            color={flow.type === 'AGENTFLOW' ? 'primary' : 'default'}
          />
        )}
      </Stack>
    </HoverCard>
  )
}

export default memo(FlowCard)
