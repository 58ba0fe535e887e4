import type { FlowNodeData, InputAnchor, InputParam, OutputAnchor, OutputAnchorOption } from '../types/node.js'

/** An output handle of a node: a single output anchor, or one option of a choice of outputs. */
export interface OutputHandle {
  id: string
  name: string
  type: string
}

/** Every output handle id a node can draw, so edges can be checked against them. */
export function outputHandles(data: FlowNodeData): OutputHandle[] {
  const handles: OutputHandle[] = []
  for (const anchor of data.outputAnchors) {
    if (anchor.id !== undefined) handles.push({ id: anchor.id, name: anchor.name, type: anchor.type })
    for (const option of anchor.options ?? []) handles.push({ id: option.id, name: option.name, type: option.type })
  }
  return handles
}

/**
 * The options of a choice anchor that are drawn as handles of their own (IfElse's True and False):
 * those marked `isAnchor` and not hidden. Empty for a plain anchor or a choose-one select.
 */
export function anchorOptions(anchor: OutputAnchor): OutputAnchorOption[] {
  if (anchor.type !== 'options') return []
  return (anchor.options ?? []).filter((option) => option.isAnchor === true && option.hidden !== true)
}

export function findOutputHandle(data: FlowNodeData, handleId: string): OutputHandle | undefined {
  return outputHandles(data).find((handle) => handle.id === handleId)
}

export function findInputAnchor(data: FlowNodeData, handleId: string): InputAnchor | undefined {
  return data.inputAnchors.find((anchor) => anchor.id === handleId)
}

/**
 * A param that takes `{{ }}` references (`acceptVariable`) also takes connections on a chatflow
 * canvas: its own id is the target handle, and any output may connect to it.
 */
export function isVariableParam(param: InputParam): param is InputParam & { id: string } {
  return param.acceptVariable === true && param.id !== undefined
}

/** The variable param whose handle id this is, if any. */
export function findVariableParam(data: FlowNodeData, handleId: string): InputParam | undefined {
  return data.inputParams.find((param) => isVariableParam(param) && param.id === handleId)
}

/**
 * The class names of a handle type. Output types are written `A | B` and input types `A|B` in the
 * flow format; both are split on the bar.
 */
export function handleTypes(type: string): string[] {
  return type
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '')
}
