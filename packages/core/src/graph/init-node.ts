import type { FlowNodeData, InputAnchor, InputParam, NodeDescriptor, OutputAnchor } from '../types/node.js'
import { CREDENTIAL_PARAM_TYPE, PARAM_TYPES } from '../types/node.js'
import { CONDITION_NODE_NAMES, rebuildConditionAnchors } from './condition-anchors.js'
import { copyJson } from './copy-json.js'
import { applyInputVisibility } from './input-visibility.js'

const PARAM_TYPE_SET: ReadonlySet<string> = new Set(PARAM_TYPES)

/** An agentflow V2 step: its edges target the node itself and it has one plain output (or none). */
export function isAgentflowV2Descriptor(descriptor: Pick<NodeDescriptor, 'canvases'>): boolean {
  return descriptor.canvases.includes('agentflowV2') && !descriptor.canvases.includes('chatflow')
}

/**
 * Builds a canvas node's data from a catalogue descriptor, in the flow format Flowise exports so
 * flows travel between the two: inputs of a param type become editable params, any other input is
 * an anchor for a connection; the credential picker comes first; outputs become output anchors.
 */
export function initNode(descriptor: NodeDescriptor, id: string): FlowNodeData {
  const inputParams = descriptorParams(descriptor, id)
  const inputAnchors = descriptor.inputs
    .filter((input) => !PARAM_TYPE_SET.has(input.type))
    .map((input) => inputAnchor(input, id))
  const inputs: Record<string, unknown> = {}
  for (const param of inputParams) Object.assign(inputs, paramDefaults(param))
  for (const anchor of inputAnchors) inputs[anchor.name] = anchor.list ? [] : ''
  const { outputAnchors, outputs } = descriptorOutputs(descriptor, id)
  const data: FlowNodeData = {
    id,
    label: descriptor.label,
    version: descriptor.version,
    name: descriptor.name,
    type: descriptor.type,
    category: descriptor.category,
    description: descriptor.description,
    icon: descriptor.icon,
    color: descriptor.color,
    baseClasses: [...descriptor.baseClasses],
    ...(descriptor.tags ? { tags: [...descriptor.tags] } : {}),
    ...(descriptor.hideInput !== undefined ? { hideInput: descriptor.hideInput } : {}),
    ...(descriptor.hideOutput !== undefined ? { hideOutput: descriptor.hideOutput } : {}),
    inputParams,
    inputAnchors,
    inputs,
    outputAnchors,
    outputs,
  }
  const withAnchors = isConditionNode(data.name) ? rebuildConditionAnchors(data) : data
  return applyInputVisibility(withAnchors)
}

function isConditionNode(name: string): boolean {
  return (CONDITION_NODE_NAMES as readonly string[]).includes(name)
}

/**
 * The starting inputs of a param: its default, or ''. A `tabs` param holds no value itself: the open
 * tab (its default, else the first) is kept under its `tabIdentifier`, and each tab's value under
 * the tab's own name, as the canvas reads them.
 */
export function paramDefaults(param: InputParam): Record<string, unknown> {
  if (param.type !== 'tabs') return { [param.name]: copyJson(param.default) ?? '' }
  const tabs = param.tabs ?? []
  const open = tabs.some((tab) => tab.name === param.default) ? param.default : tabs[0]?.name
  const values: Record<string, unknown> = { [tabIdentifierOf(param)]: open ?? '' }
  for (const tab of tabs) Object.assign(values, paramDefaults(tab))
  return values
}

/** Where a `tabs` param keeps its open tab. */
export function tabIdentifierOf(param: Pick<InputParam, 'name' | 'tabIdentifier'>): string {
  return param.tabIdentifier ?? `${param.name}Tab`
}

function descriptorParams(descriptor: NodeDescriptor, id: string): InputParam[] {
  const params = descriptor.inputs
    .filter((input) => PARAM_TYPE_SET.has(input.type))
    .map((input) => ({ ...copyJson(input), id: `${id}-input-${input.name}-${input.type}` }))
  if (!descriptor.credential) return params
  const { label, credentialNames, optional } = descriptor.credential
  const credential: InputParam = {
    label,
    name: 'credential',
    type: CREDENTIAL_PARAM_TYPE,
    credentialNames: [...credentialNames],
    ...(optional !== undefined ? { optional } : {}),
    id: `${id}-input-credential-${CREDENTIAL_PARAM_TYPE}`,
  }
  return [credential, ...params]
}

function inputAnchor(input: InputParam, id: string): InputAnchor {
  const anchor: InputAnchor = {
    id: `${id}-input-${input.name}-${input.type}`,
    label: input.label,
    name: input.name,
    type: input.type,
  }
  if (input.description !== undefined) anchor.description = input.description
  if (input.optional !== undefined) anchor.optional = input.optional
  if (input.list !== undefined) anchor.list = input.list
  if (input.show !== undefined) anchor.show = copyJson(input.show)
  if (input.hide !== undefined) anchor.hide = copyJson(input.hide)
  return anchor
}

function descriptorOutputs(
  descriptor: NodeDescriptor,
  id: string,
): { outputAnchors: OutputAnchor[]; outputs: Record<string, unknown> } {
  const { name, label, type, baseClasses, outputs = [] } = descriptor
  if (isAgentflowV2Descriptor(descriptor)) {
    if (descriptor.hideOutput) return { outputAnchors: [], outputs: {} }
    // A step with named outputs (Human Input: Proceed, Reject) gets one numbered handle per output, like a condition.
    const anchors =
      outputs.length > 1
        ? outputs.map((output, index) => ({
            id: `${id}-output-${index}`,
            name: String(index),
            label: output.label,
            type: '',
          }))
        : [{ id: `${id}-output-${name}`, name, label, type: '' }]
    return { outputAnchors: anchors, outputs: {} }
  }
  if (outputs.length <= 1) {
    const anchor = {
      id: `${id}-output-${name}-${baseClasses.join('|')}`,
      name,
      label: type,
      type: baseClasses.join(' | '),
    }
    return { outputAnchors: [anchor], outputs: {} }
  }
  const options = outputs.map((output) => ({
    id: `${id}-output-${output.name}-${(output.baseClasses ?? []).join('|')}`,
    name: output.name,
    label: output.label,
    type: (output.baseClasses ?? []).join(' | '),
    ...(output.description !== undefined ? { description: output.description } : {}),
    ...(output.hidden !== undefined ? { hidden: output.hidden } : {}),
    ...(output.isAnchor !== undefined ? { isAnchor: output.isAnchor } : {}),
  }))
  // Anchor outputs keep the choice's shape and its `outputs.output`, as Flowise saves them, so flows
  // travel both ways; the canvas draws their options as handles and the choice goes unused.
  const chosen = outputs[0]!.name
  const anchor: OutputAnchor = { name: 'output', label: 'Output', type: 'options', options, default: chosen }
  return { outputAnchors: [anchor], outputs: { output: chosen } }
}
