import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { OutputAnchor } from '@weft/core'
import { Handle, Position } from '@xyflow/react'

interface AgentOutputHandlesProps {
  anchors: readonly OutputAnchor[]
  connectable: boolean
  /** Name each output even when there is one (a condition's lone Else). */
  labelled?: boolean
}

/**
 * The outputs of an agentflow step. One output is a plain handle at the middle of the right edge;
 * branches (a condition's) are stacked, each named, so the user sees which edge leaves where.
 */
export default function AgentOutputHandles({ anchors, connectable, labelled = false }: AgentOutputHandlesProps) {
  if (anchors.length === 1 && !labelled) {
    const [only] = anchors
    return only?.id ? <Handle type="source" position={Position.Right} id={only.id} isConnectable={connectable} /> : null
  }
  return (
    <Box sx={{ display: 'grid', alignSelf: 'stretch', alignContent: 'center', gap: 0.25, py: 0.5 }}>
      {anchors.map((anchor) => (
        <Box key={anchor.id ?? anchor.name} sx={{ position: 'relative', pl: 1, pr: 1.5, py: 0.25, textAlign: 'right' }}>
          <Typography title={anchor.description} sx={{ fontSize: 11.5, color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {anchor.label}
          </Typography>
          {anchor.id && <Handle type="source" position={Position.Right} id={anchor.id} isConnectable={connectable} />}
        </Box>
      ))}
    </Box>
  )
}
