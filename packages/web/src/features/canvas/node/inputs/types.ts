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
  /**
   * Inside a row of an array param: the row's values and how to set one of them, for a field that
   * keeps a value beside its own (a step's model picker keeps the model's settings). At the node's
   * top level, such a field sets node inputs through the canvas.
   */
  item?: { values: Record<string, unknown>; set: (name: string, value: unknown) => void }
}
