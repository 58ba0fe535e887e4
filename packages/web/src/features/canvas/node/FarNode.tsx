import type { FlowNodeData } from '@weft/core'
import { Handle, Position } from '@xyflow/react'
import { memo, type CSSProperties } from 'react'
import { shownOutputIds } from './OutputAnchorHandle'

interface FarNodeProps {
  data: FlowNodeData
  anchorIds: string[]
  color: string
  selected: boolean
}

const ROW = 28

// Plain elements and inline styles: hundreds of these draw at once when a big flow is zoomed out.
const box = (color: string, selected: boolean): CSSProperties => ({
  width: 300,
  minHeight: 64,
  boxSizing: 'border-box',
  borderRadius: 12,
  border: `${selected ? 3 : 1}px solid ${selected ? color : 'var(--weft-far-node-border, #c8cbd6)'}`,
  borderTop: `6px solid ${color}`,
  background: 'var(--weft-far-node-bg, #fff)',
  color: 'var(--weft-far-node-text, #1c1d22)',
  font: '600 22px/1.2 Inter, Roboto, Arial, sans-serif',
  padding: '12px 16px',
  position: 'relative',
})

/**
 * A node seen from far away (below DETAIL_ZOOM): its name and its handles only, so edges still
 * attach and connections still work, at a fraction of the cost of the full card.
 */
function FarNode({ data, anchorIds, color, selected }: FarNodeProps) {
  const outputs = (data.hideOutput ? [] : data.outputAnchors).flatMap((anchor) => shownOutputIds(anchor, data.outputs))
  const rows = Math.max(anchorIds.length, outputs.length, 1)
  return (
    <div style={{ ...box(color, selected), height: 24 + rows * ROW }}>
      {data.label}
      {anchorIds.map((id, index) => (
        <Handle key={id} type="target" position={Position.Left} id={id} style={{ top: 24 + (index + 0.5) * ROW }} />
      ))}
      {outputs.map((id, index) => (
        <Handle key={id} type="source" position={Position.Right} id={id} style={{ top: 24 + (index + 0.5) * ROW }} />
      ))}
    </div>
  )
}

export default memo(FarNode)
