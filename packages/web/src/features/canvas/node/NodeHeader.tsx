import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { FlowNodeData } from '@weft/core'
import type { ReactNode } from 'react'
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
      <Typography title={data.label} noWrap sx={{ flex: 1, fontSize: 14, fontWeight: 600 }}>
        {data.label}
      </Typography>
      {actions}
    </Box>
  )
}
