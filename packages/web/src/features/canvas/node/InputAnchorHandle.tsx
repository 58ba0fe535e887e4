import Box from '@mui/material/Box'
import type { InputAnchor } from '@weft/core'
import { Handle, Position } from '@xyflow/react'
import AnchorLabel from './AnchorLabel'

/** An input anchor: a target handle on the node's left edge with its label and accepted types. */
export default function InputAnchorHandle({ anchor, connectable }: { anchor: InputAnchor; connectable: boolean }) {
  return (
    <Box sx={{ position: 'relative', px: 1.5, py: 0.75 }}>
      <Handle type="target" position={Position.Left} id={anchor.id} isConnectable={connectable} />
      <AnchorLabel label={anchor.label} type={anchor.type} required={!anchor.optional} />
    </Box>
  )
}
