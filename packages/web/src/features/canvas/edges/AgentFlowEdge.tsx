import { useTheme } from '@mui/material/styles'
import { BaseEdge, getSmoothStepPath, type EdgeProps } from '@xyflow/react'
import { memo, useId } from 'react'
import EdgeDeleteButton from './EdgeDeleteButton'
import { useEdgeHover } from './useEdgeHover'

const colorOf = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback)

/** An agentflow V2 edge: a smooth-step line shading from its source node's colour to its target's. */
function AgentFlowEdge(props: EdgeProps) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, selected, markerEnd } = props
  const theme = useTheme()
  const gradientId = `edge-gradient-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  const [path, midX, midY] = getSmoothStepPath({
    sourceX,
    sourceY,
    sourcePosition,
    targetX,
    targetY,
    targetPosition,
    borderRadius: 16,
  })
  const fallback = theme.palette.text.secondary
  const hover = useEdgeHover()
  return (
    <g onMouseEnter={hover.enter} onMouseLeave={hover.leave}>
      <defs>
        <linearGradient id={gradientId} gradientUnits="userSpaceOnUse" x1={sourceX} y1={sourceY} x2={targetX} y2={targetY}>
          <stop offset="0%" stopColor={colorOf(data?.sourceColor, fallback)} />
          <stop offset="100%" stopColor={colorOf(data?.targetColor, fallback)} />
        </linearGradient>
      </defs>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        style={{ stroke: `url(#${gradientId})`, strokeWidth: selected ? 3 : 2 }}
      />
      {(selected || hover.hovered) && (
        <EdgeDeleteButton edgeId={id} x={midX} y={midY} onMouseEnter={hover.enter} onMouseLeave={hover.leave} />
      )}
    </g>
  )
}

export default memo(AgentFlowEdge)
