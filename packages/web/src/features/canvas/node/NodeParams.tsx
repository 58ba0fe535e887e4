import Box from '@mui/material/Box'
import { isVariableParam, type FlowNodeData, type InputParam } from '@weft/core'
import ParamField from './ParamField'
import VariableParamHandle from './VariableParamHandle'

interface NodeParamsProps {
  nodeId: string
  data: FlowNodeData
  params: readonly InputParam[]
  disabled: boolean
  /** Draw a target handle beside each param that accepts variables (on the node, on a chatflow). */
  variableHandles?: boolean
}

/** A column of a node's param fields. */
export default function NodeParams({ nodeId, data, params, disabled, variableHandles = false }: NodeParamsProps) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {params.map((param) => {
        const field = (
          <ParamField
            key={param.id ?? param.name}
            nodeId={nodeId}
            nodeName={data.name}
            param={param}
            inputs={data.inputs}
            credential={data.credential}
            disabled={disabled}
          />
        )
        if (!variableHandles || !isVariableParam(param)) return field
        return (
          <VariableParamHandle key={param.id} id={param.id} label={param.label} connectable={!disabled}>
            {field}
          </VariableParamHandle>
        )
      })}
    </Box>
  )
}
