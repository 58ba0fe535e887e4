import type { FlowNodeData, InputParam, OutputAnchor } from '../types/node.js'

/**
 * Handle and param ids start with their node's id (`<nodeId>-input-…`, `<nodeId>-output-…`); an
 * agentflow V2 edge targets the node id itself. Gives the id that belongs to `newId` instead.
 */
export function renameHandleId(handleId: string, oldId: string, newId: string): string {
  if (handleId === oldId) return newId
  return handleId.startsWith(`${oldId}-`) ? newId + handleId.slice(oldId.length) : handleId
}

/** A node's data under a new id: `data.id` and every param, anchor and output option id. */
export function renameNodeData(data: FlowNodeData, oldId: string, newId: string): FlowNodeData {
  const renameParam = (param: InputParam): InputParam => renameParamIds(param, oldId, newId)
  return {
    ...data,
    id: newId,
    inputParams: data.inputParams.map(renameParam),
    inputAnchors: data.inputAnchors.map((anchor) => ({ ...anchor, id: renameHandleId(anchor.id, oldId, newId) })),
    outputAnchors: data.outputAnchors.map((anchor) => renameOutputAnchor(anchor, oldId, newId)),
  }
}

function renameParamIds(param: InputParam, oldId: string, newId: string): InputParam {
  const renamed: InputParam = { ...param }
  if (param.id !== undefined) renamed.id = renameHandleId(param.id, oldId, newId)
  if (param.tabs) renamed.tabs = param.tabs.map((tab) => renameParamIds(tab, oldId, newId))
  if (param.array) renamed.array = param.array.map((field) => renameParamIds(field, oldId, newId))
  return renamed
}

function renameOutputAnchor(anchor: OutputAnchor, oldId: string, newId: string): OutputAnchor {
  const renamed: OutputAnchor = { ...anchor }
  if (anchor.id !== undefined) renamed.id = renameHandleId(anchor.id, oldId, newId)
  if (anchor.options) {
    renamed.options = anchor.options.map((option) => ({ ...option, id: renameHandleId(option.id, oldId, newId) }))
  }
  return renamed
}
