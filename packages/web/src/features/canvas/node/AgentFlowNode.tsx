import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { CONDITION_NODE_NAMES } from '@weft/core'
import { Handle, Position } from '@xyflow/react'
import { memo, useState } from 'react'
import { useCanvasActions } from '../canvasActions'
import AgentOutputHandles from './AgentOutputHandles'
import EditNodeDialog from './EditNodeDialog'
import NodeActions from './NodeActions'
import NodeBadge from './NodeBadge'
import NodeCard from './NodeCard'
import NodeIcon from './NodeIcon'
import NodeRunStatus from './NodeRunStatus'
import { nodeSummary } from './nodeSummary'
import type { CanvasNodeProps } from './types'
import { useNodeColor } from './useNodeColor'
import { useRefreshHandles } from './useRefreshHandles'

const isConditionNode = (name: string) => (CONDITION_NODE_NAMES as readonly string[]).includes(name)

/** An agentflow V2 step: a compact card; its settings open in a dialog (double-click or Edit). */
function AgentFlowNode({ id, data, selected }: CanvasNodeProps) {
  const { readOnly, deleteNode, duplicateNode, nodeLabel } = useCanvasActions()
  const [editing, setEditing] = useState(false)
  const color = useNodeColor(data.color)
  const outputs = data.hideOutput ? [] : data.outputAnchors
  const summary = nodeSummary(data, nodeLabel)
  useRefreshHandles(id, outputs.map((anchor) => anchor.id).join('|'))

  return (
    <NodeCard
      color={color}
      selected={selected}
      onDoubleClick={() => setEditing(true)}
      sx={{ minWidth: 180, maxWidth: 300, display: 'flex', alignItems: 'center' }}
    >
      <NodeActions
        onEdit={() => setEditing(true)}
        onDuplicate={readOnly ? undefined : () => duplicateNode(id)}
        onDelete={readOnly ? undefined : () => deleteNode(id)}
        sx={{
          position: 'absolute',
          right: 0,
          // Flush with the card, so moving the pointer up to the buttons never leaves the node.
          bottom: '100%',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      />
      <NodeRunStatus nodeId={id} color={color} />
      {!data.hideInput && <Handle type="target" position={Position.Left} id={id} isConnectable={!readOnly} />}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, flex: 1, minWidth: 0, px: 1.5, py: 1.25 }}>
        <NodeIcon name={data.name} color={color} size={36} />
        <Box sx={{ minWidth: 0 }}>
          <Typography noWrap title={data.label} sx={{ fontSize: 14, fontWeight: 600 }}>
            {data.label}
          </Typography>
          {summary && (
            <Typography noWrap title={summary} sx={{ fontSize: 12, color: 'text.secondary' }}>
              {summary}
            </Typography>
          )}
          <NodeBadge name={data.name} />
        </Box>
      </Box>
      <AgentOutputHandles anchors={outputs} connectable={!readOnly} labelled={isConditionNode(data.name)} />
      {editing && <EditNodeDialog nodeId={id} data={data} onClose={() => setEditing(false)} />}
    </NodeCard>
  )
}

export default memo(AgentFlowNode)
