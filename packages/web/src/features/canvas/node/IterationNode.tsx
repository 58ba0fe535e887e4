import Box from '@mui/material/Box'
import { alpha } from '@mui/material/styles'
import { Handle, NodeResizer, Position } from '@xyflow/react'
import { memo, useState } from 'react'
import { useCanvasActions } from '../canvasActions'
import AgentOutputHandles from './AgentOutputHandles'
import EditNodeDialog from './EditNodeDialog'
import NodeActions from './NodeActions'
import NodeHeader from './NodeHeader'
import NodeRunStatus from './NodeRunStatus'
import type { CanvasNodeProps } from './types'
import { useNodeColor } from './useNodeColor'
import { useRefreshHandles } from './useRefreshHandles'

/**
 * The agentflow container: its child steps (React Flow nodes whose `parentId` is this node) are
 * drawn inside the area this node keeps free under its header.
 */
function IterationNode({ id, data, selected }: CanvasNodeProps) {
  const { readOnly, deleteNode, duplicateNode } = useCanvasActions()
  const [editing, setEditing] = useState(false)
  const color = useNodeColor(data.color)
  const outputs = data.hideOutput ? [] : data.outputAnchors
  useRefreshHandles(id, outputs.map((anchor) => anchor.id).join('|'))
  return (
    <>
      <NodeResizer isVisible={selected && !readOnly} minWidth={320} minHeight={220} color={color} />
      <Box
        onDoubleClick={() => setEditing(true)}
        sx={{
          position: 'relative',
          width: '100%',
          height: '100%',
          minWidth: 320,
          minHeight: 220,
          borderRadius: '12px',
          border: 2,
          borderStyle: 'dashed',
          borderColor: selected ? color : alpha(color, 0.5),
          bgcolor: alpha(color, 0.05),
          '& .node-actions': { opacity: selected ? 1 : 0, transition: 'opacity 120ms' },
          '&:hover .node-actions, &:focus-within .node-actions': { opacity: 1 },
          '& .react-flow__handle': { width: 11, height: 11, bgcolor: 'background.paper', border: `2px solid ${color}` },
        }}
      >
        <NodeHeader
          data={data}
          color={color}
          actions={
            <NodeActions
              onEdit={() => setEditing(true)}
              onDuplicate={readOnly ? undefined : () => duplicateNode(id)}
              onDelete={readOnly ? undefined : () => deleteNode(id)}
            />
          }
        />
        <NodeRunStatus nodeId={id} color={color} radius="12px" />
        {!data.hideInput && <Handle type="target" position={Position.Left} id={id} isConnectable={!readOnly} />}
        <AgentOutputHandles anchors={outputs} connectable={!readOnly} />
      </Box>
      {editing && <EditNodeDialog nodeId={id} data={data} onClose={() => setEditing(false)} />}
    </>
  )
}

export default memo(IterationNode)
