import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { FlowNodeData } from '@weft/core'
import type { ReactNode } from 'react'
import NodeBadge from './NodeBadge'
import NodeIcon from './NodeIcon'

interface NodeHeaderProps {
  data: Pick<FlowNodeData, 'name' | 'label'>
  color: string
  actions?: ReactNode
}

export default function NodeHeader({ data, color, actions }: NodeHeaderProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, minHeight: 52 }}>
      <NodeIcon name={data.name} color={color} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {/* Long names wrap onto a second line instead of losing their end ("Recursive Characte…"). */}
        <Typography
          title={data.label}
          sx={{
            fontSize: 14,
            fontWeight: 600,
            lineHeight: 1.3,
            overflowWrap: 'anywhere',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {data.label}
        </Typography>
        <NodeBadge name={data.name} />
      </Box>
      {actions}
    </Box>
  )
}
