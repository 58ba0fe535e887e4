import Tune from '@mui/icons-material/Tune'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { isVariableParam } from '@weft/core'
import { useStore, type ReactFlowState } from '@xyflow/react'
import { memo, useState } from 'react'
import { useCanvasActions } from '../canvasActions'
import InputAnchorHandle from './InputAnchorHandle'
import FarNode from './FarNode'
import NodeActions from './NodeActions'
import NodeCard from './NodeCard'
import NodeDialog from './NodeDialog'
import NodeHeader from './NodeHeader'
import NodeInfoDialog from './NodeInfoDialog'
import NodeParams from './NodeParams'
import OutputAnchorHandle, { shownOutputIds } from './OutputAnchorHandle'
import SectionTitle from './SectionTitle'
import type { CanvasNodeProps } from './types'
import { useDisplayedInputs } from './useDisplayedInputs'
import { useNodeColor } from './useNodeColor'
import { useRefreshHandles } from './useRefreshHandles'

/** Below this zoom a node's fields are too small to read or use, so it draws only its anchors. */
export const DETAIL_ZOOM = 0.4
const isZoomedOut = (state: ReactFlowState) => state.transform[2] < DETAIL_ZOOM

/** The handle ids a node shows now; React Flow re-measures when they change. */
const handleKey = (anchorIds: (string | undefined)[]) => anchorIds.join('|')

/** A chatflow or sequential-agent node: typed input anchors, params, and its output. */
function CustomNode({ id, data, selected }: CanvasNodeProps) {
  const { kind, readOnly, deleteNode, duplicateNode } = useCanvasActions()
  const [dialog, setDialog] = useState<'additional' | 'info'>()
  const zoomedOut = useStore(isZoomedOut)
  const color = useNodeColor(data.color)
  const { params, anchors } = useDisplayedInputs(data)
  const onNode = params.filter((param) => !param.additionalParams)
  const additional = params.filter((param) => param.additionalParams)
  const outputs = data.hideOutput ? [] : data.outputAnchors
  // On a chatflow a param that accepts variables is also a connection point (Flowise draws it so).
  const variableHandles = kind === 'chatflow'
  const targetIds = [
    ...anchors.map((anchor) => anchor.id),
    ...(variableHandles ? onNode.filter(isVariableParam).map((param) => param.id) : []),
  ]
  useRefreshHandles(id, handleKey([...targetIds, ...outputs.flatMap((anchor) => shownOutputIds(anchor, data.outputs))]))

  if (zoomedOut) {
    return <FarNode data={data} anchorIds={targetIds} color={color} selected={Boolean(selected)} />
  }

  return (
    <NodeCard color={color} selected={selected} sx={{ width: 300 }}>
      <Box sx={{ height: 3, bgcolor: color, borderTopLeftRadius: 'inherit', borderTopRightRadius: 'inherit' }} />
      <NodeHeader
        data={data}
        color={color}
        actions={
          <NodeActions
            onDuplicate={readOnly ? undefined : () => duplicateNode(id)}
            onDelete={readOnly ? undefined : () => deleteNode(id)}
            onInfo={() => setDialog('info')}
          />
        }
      />
      {(anchors.length > 0 || onNode.length > 0 || additional.length > 0) && <SectionTitle>Inputs</SectionTitle>}
      {anchors.map((anchor) => (
        <InputAnchorHandle key={anchor.id} anchor={anchor} connectable={!readOnly} />
      ))}
      {onNode.length > 0 && (
        <Box sx={{ px: 1.5, py: 1 }}>
          <NodeParams nodeId={id} data={data} params={onNode} disabled={readOnly} variableHandles={variableHandles} />
        </Box>
      )}
      {additional.length > 0 && (
        <Box sx={{ px: 1.5, pb: 1.5, pt: onNode.length > 0 ? 0 : 1 }}>
          <Button
            fullWidth
            size="small"
            variant="outlined"
            startIcon={<Tune />}
            className="nodrag"
            onClick={() => setDialog('additional')}
          >
            Additional Parameters
          </Button>
        </Box>
      )}
      {outputs.length > 0 && <SectionTitle>Output</SectionTitle>}
      {outputs.map((anchor) => (
        <OutputAnchorHandle
          key={anchor.id ?? anchor.name}
          nodeId={id}
          anchor={anchor}
          outputs={data.outputs}
          readOnly={readOnly}
        />
      ))}
      {outputs.length > 0 && <Box sx={{ height: 4 }} />}
      {dialog === 'additional' && (
        <NodeDialog title={`${data.label}: Additional Parameters`} onClose={() => setDialog(undefined)}>
          <NodeParams nodeId={id} data={data} params={additional} disabled={readOnly} />
        </NodeDialog>
      )}
      {dialog === 'info' && <NodeInfoDialog data={data} onClose={() => setDialog(undefined)} />}
    </NodeCard>
  )
}

export default memo(CustomNode)
