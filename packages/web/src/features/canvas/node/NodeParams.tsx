import Box from '@mui/material/Box'
import type { FlowNodeData, InputParam } from '@weft/core'
import ParamField from './ParamField'

interface NodeParamsProps {
  nodeId: string
  data: FlowNodeData
  params: readonly InputParam[]
  disabled: boolean
}

/** A column of a node's param fields. */
export default function NodeParams({ nodeId, data, params, disabled }: NodeParamsProps) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {params.map((param) => (
        <ParamField
          key={param.id ?? param.name}
          nodeId={nodeId}
          nodeName={data.name}
          param={param}
          inputs={data.inputs}
          credential={data.credential}
          disabled={disabled}
        />
      ))}
    </Box>
  )
}
