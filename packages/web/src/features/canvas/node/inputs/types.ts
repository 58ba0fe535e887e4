import type { InputParam } from '@weft/core'

/** What every input field gets: the param, its current value and where to send a new one. */
export interface InputFieldProps {
  param: InputParam
  value: unknown
  onChange: (value: unknown) => void
  nodeId: string
  nodeName: string
  /** All inputs of the node: show rules, load-method calls and tabs read them. */
  inputs: Record<string, unknown>
  disabled?: boolean
}
