import { BaseEdge, getBezierPath, type EdgeProps } from '@xyflow/react'
import { memo } from 'react'
import EdgeDeleteButton from './EdgeDeleteButton'

/** A chatflow or sequential agents edge: a curve with a delete button at its midpoint. */
function ButtonEdge({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, style, markerEnd }: EdgeProps) {
  const [path, midX, midY] = getBezierPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition })
  return (
    <>
      <BaseEdge id={id} path={path} style={style} markerEnd={markerEnd} />
      <EdgeDeleteButton edgeId={id} x={midX} y={midY} />
    </>
  )
}

export default memo(ButtonEdge)
