import type { FlowNodeData } from '@weft/core'
import { useId } from 'react'
import { useCanvasActions } from '../canvasActions'
import ConditionAlert from './ConditionAlert'
import FieldShell from './inputs/FieldShell'
import LocalTextField from './inputs/LocalTextField'
import NodeDialog from './NodeDialog'
import NodeParams from './NodeParams'
import { useDisplayedInputs } from './useDisplayedInputs'

interface EditNodeDialogProps {
  nodeId: string
  data: FlowNodeData
  onClose: () => void
}

/** Every setting of an agentflow step: its name first, then each displayed param. */
export default function EditNodeDialog({ nodeId, data, onClose }: EditNodeDialogProps) {
  const { readOnly, setNodeLabel } = useCanvasActions()
  const { params } = useDisplayedInputs(data)
  const labelId = useId()
  return (
    <NodeDialog title={data.label} onClose={onClose}>
      <FieldShell param={{ label: 'Node label' }} htmlFor={labelId}>
        <LocalTextField
          id={labelId}
          value={data.label}
          disabled={readOnly}
          onChange={(label) => setNodeLabel(nodeId, String(label))}
        />
      </FieldShell>
      <ConditionAlert nodeName={data.name} inputs={data.inputs} />
      <NodeParams nodeId={nodeId} data={data} params={params} disabled={readOnly} />
    </NodeDialog>
  )
}
