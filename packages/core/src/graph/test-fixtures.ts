/**
 * Small descriptors and flows for the graph tests. Not exported from the package: tests import it
 * directly. The descriptors mirror the shapes of real catalogue nodes without their detail.
 */
import type { FlowData, FlowEdge, FlowNode, NodeDescriptor } from '../types/node.js'
import { isVariableParam, outputHandles } from './anchors.js'
import { createFlowNode } from './create-flow-node.js'

export function descriptor(fields: Partial<NodeDescriptor> & { name: string }): NodeDescriptor {
  return {
    label: fields.name,
    version: 1,
    type: fields.name.charAt(0).toUpperCase() + fields.name.slice(1),
    category: 'Test',
    description: `The ${fields.name} node`,
    icon: `${fields.name}.svg`,
    color: '#123456',
    baseClasses: [fields.name],
    inputs: [],
    canvases: ['chatflow'],
    ...fields,
  }
}

export const chatOpenAI = descriptor({
  name: 'chatOpenAI',
  label: 'ChatOpenAI',
  type: 'ChatOpenAI',
  category: 'Chat Models',
  baseClasses: ['ChatOpenAI', 'BaseChatModel', 'BaseLanguageModel'],
  credential: { label: 'Connect Credential', credentialNames: ['openAIApi'] },
  inputs: [
    { label: 'Model Name', name: 'modelName', type: 'options', default: 'gpt-4o-mini', options: [] },
    { label: 'Temperature', name: 'temperature', type: 'number', default: 0.9 },
    { label: 'API Key', name: 'apiKey', type: 'password', optional: true },
  ],
  canvases: ['chatflow', 'sequential'],
})

export const promptTemplate = descriptor({
  name: 'promptTemplate',
  type: 'PromptTemplate',
  baseClasses: ['PromptTemplate', 'BasePromptTemplate'],
  inputs: [
    { label: 'Template', name: 'template', type: 'string', rows: 4 },
    { label: 'Format Prompt Values', name: 'promptValues', type: 'json', optional: true, acceptVariable: true },
  ],
})

/** A node with a text param that takes references (as SPEC's utilities do). */
export const textNode = descriptor({
  name: 'textNode',
  inputs: [{ label: 'Text', name: 'text', type: 'string', acceptVariable: true, optional: true }],
})

export const llmChain = descriptor({
  name: 'llmChain',
  type: 'LLMChain',
  baseClasses: ['LLMChain', 'BaseChain'],
  inputs: [
    { label: 'Language Model', name: 'model', type: 'BaseLanguageModel' },
    { label: 'Prompt', name: 'prompt', type: 'BasePromptTemplate' },
    { label: 'Chain Name', name: 'chainName', type: 'string', optional: true },
  ],
  outputs: [
    { label: 'LLM Chain', name: 'llmChain', baseClasses: ['LLMChain', 'BaseChain'] },
    { label: 'Output Prediction', name: 'outputPrediction', baseClasses: ['string', 'json'] },
  ],
})

export const toolAgent = descriptor({
  name: 'toolAgent',
  type: 'AgentExecutor',
  baseClasses: ['AgentExecutor', 'BaseChain'],
  inputs: [
    { label: 'Tools', name: 'tools', type: 'Tool', list: true },
    { label: 'Tool Calling Chat Model', name: 'model', type: 'BaseChatModel' },
  ],
})

export const calculator = descriptor({ name: 'calculator', type: 'Calculator', baseClasses: ['Calculator', 'Tool'] })

export const fileLoader = descriptor({
  name: 'fileLoader',
  inputs: [
    { label: 'File', name: 'file', type: 'file', fileType: '.txt' },
    { label: 'Folder', name: 'folder', type: 'folder', optional: true },
  ],
})

export const stickyNote = descriptor({ name: 'stickyNote', type: 'StickyNote', baseClasses: ['StickyNote'] })

function agentflow(fields: Partial<NodeDescriptor> & { name: string }): NodeDescriptor {
  return descriptor({ category: 'Agent Flows', type: fields.name, canvases: ['agentflowV2'], ...fields })
}

export const startAgentflow = agentflow({ name: 'startAgentflow', label: 'Start', hideInput: true, color: '#7EE787' })
export const llmAgentflow = agentflow({
  name: 'llmAgentflow',
  label: 'LLM',
  color: '#64B5F6',
  inputs: [{ label: 'Messages', name: 'llmMessages', type: 'array', array: [], optional: true }],
})
export const directReplyAgentflow = agentflow({ name: 'directReplyAgentflow', hideOutput: true })
export const iterationAgentflow = agentflow({ name: 'iterationAgentflow', isContainer: true })
export const conditionAgentflow = agentflow({
  name: 'conditionAgentflow',
  label: 'Condition',
  inputs: [
    {
      label: 'Conditions',
      name: 'conditions',
      type: 'array',
      array: [],
      default: [{ type: 'string', value1: '', operation: 'equal', value2: '' }],
    },
  ],
})
export const conditionAgentAgentflow = agentflow({
  name: 'conditionAgentAgentflow',
  inputs: [
    { label: 'Scenarios', name: 'scenarios', type: 'array', array: [], default: [{ scenario: '' }, { scenario: '' }] },
  ],
})

export const seqCondition = descriptor({
  name: 'seqCondition',
  type: 'Condition',
  baseClasses: ['Condition'],
  canvases: ['sequential'],
  inputs: [
    {
      label: 'Condition',
      name: 'conditionUI',
      type: 'tabs',
      tabIdentifier: 'selectedConditionTab',
      default: 'conditions',
      tabs: [
        { label: 'Table', name: 'conditions', type: 'datagrid', datagrid: [], default: [] },
        { label: 'Code', name: 'conditionFunction', type: 'conditionFunction', default: "return 'Agree'" },
      ],
    },
  ],
})

export function makeNode(source: NodeDescriptor, id: string, position = { x: 0, y: 0 }): FlowNode {
  return { ...createFlowNode(source, id, position), width: 300, height: 200 }
}

export function flowOf(nodes: FlowNode[], edges: FlowEdge[] = []): FlowData {
  return { nodes, edges, viewport: { x: 0, y: 0, zoom: 1 } }
}

/**
 * The connection from a node's first output handle into an input (an anchor or a variable param,
 * by name), or into the node itself.
 */
export function connectionBetween(flow: FlowData, source: string, target: string, inputName?: string) {
  const sourceNode = flow.nodes.find((node) => node.id === source)!
  const targetNode = flow.nodes.find((node) => node.id === target)!
  const sourceHandle = outputHandles(sourceNode.data)[0]!.id
  const input = [...targetNode.data.inputAnchors, ...targetNode.data.inputParams].find(
    (candidate) => candidate.name === inputName,
  )
  return { source, sourceHandle, target, targetHandle: inputName === undefined ? target : input!.id! }
}

/** The handle ids a node can be connected to: its anchors, its variable params, or itself. */
export function targetHandles(node: FlowNode): string[] {
  return [
    node.id,
    ...node.data.inputAnchors.map((anchor) => anchor.id),
    ...node.data.inputParams.filter(isVariableParam).map((param) => param.id),
  ]
}

/** Freezes a value deeply, so a test fails if a function under test mutates its input. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const item of Object.values(value)) deepFreeze(item)
  }
  return value
}
