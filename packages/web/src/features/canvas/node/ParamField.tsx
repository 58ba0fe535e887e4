import type { InputParam } from '@weft/core'
import { memo, useCallback } from 'react'
import { useCanvasActions } from '../canvasActions'
import InputField from './inputs/InputField'

interface ParamFieldProps {
  nodeId: string
  nodeName: string
  param: InputParam
  inputs: Record<string, unknown>
  /** A credential chosen in a flow saved by Flowise lives on the node data, not in its inputs. */
  credential?: string
  disabled: boolean
}

/** One of a node's params, wired to the canvas: a change is stored as that input of that node. */
function ParamField({ nodeId, nodeName, param, inputs, credential, disabled }: ParamFieldProps) {
  const { setNodeInput } = useCanvasActions()
  const onChange = useCallback(
    (value: unknown) => setNodeInput(nodeId, param.name, value),
    [setNodeInput, nodeId, param.name],
  )
  const value = inputs[param.name] ?? (param.type === 'credential' ? credential : undefined)
  return (
    <InputField
      param={param}
      value={value}
      onChange={onChange}
      nodeId={nodeId}
      nodeName={nodeName}
      inputs={inputs}
      disabled={disabled}
    />
  )
}

export default memo(ParamField)
