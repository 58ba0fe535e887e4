import Box from '@mui/material/Box'
import { Handle, Position } from '@xyflow/react'
import type { ReactNode } from 'react'

interface VariableParamHandleProps {
  id: string
  label: string
  connectable: boolean
  children: ReactNode
}

/**
 * A param that accepts variables, with a target handle on the node's left edge beside its label:
 * an edge from any node's output writes that node's reference into the param's value.
 */
export default function VariableParamHandle({ id, label, connectable, children }: VariableParamHandleProps) {
  return (
    // Stretched to the card's edges (the params column is padded) so the handle sits on the border.
    <Box sx={{ position: 'relative', mx: -1.5, px: 1.5 }}>
      <Handle
        type="target"
        position={Position.Left}
        id={id}
        isConnectable={connectable}
        title={`Connect a node's output to ${label}`}
        style={{ top: 12 }}
      />
      {children}
    </Box>
  )
}
