import { BaseEdge, getBezierPath, type EdgeProps } from '@xyflow/react'
import { memo } from 'react'
import EdgeDeleteButton from './EdgeDeleteButton'
import { useEdgeHover } from './useEdgeHover'

/** A chatflow or sequential agents edge: a curve with a delete button at its midpoint, on hover or selection. */
function ButtonEdge(props: EdgeProps) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, style, markerEnd, selected } = props
  const [path, midX, midY] = getBezierPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition })
  const hover = useEdgeHover()
  return (
    <g onMouseEnter={hover.enter} onMouseLeave={hover.leave}>
      <BaseEdge id={id} path={path} style={style} markerEnd={markerEnd} />
      {(selected || hover.hovered) && (
        <EdgeDeleteButton edgeId={id} x={midX} y={midY} onMouseEnter={hover.enter} onMouseLeave={hover.leave} />
      )}
    </g>
  )
}

export default memo(ButtonEdge)
