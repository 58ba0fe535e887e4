import type { FlowData, FlowEdge, FlowNode } from '@weft/core'
import { defineNode, nodes as catalogue, type NodeDefinition, type StepRunner } from '@weft/nodes'
import type { AgentflowRun, AgentflowServices, ExecutionRecord, ExecutionStore } from '../agentflow/agentflow-run.js'
import { testRun, testServices } from './test-flow.js'

// Engine tests of agentflows describe a flow as a few lines of data, and keep executions in memory:
// the server's store (SQLite, PostgreSQL) has its own tests; here the control flow is under test.

export interface TestStep {
  id: string
  /** The step's node name; defaults to the id without its `_<n>` suffix. */
  name?: string
  label?: string
  inputs?: Record<string, unknown>
  parentNode?: string
}

/** An edge `[source, target]`, or `[source, target, output index]` for a branching step. */
export type TestEdge = [string, string] | [string, string, number]

/** Agentflow V2 flow data as the canvas saves it: `agentFlow` nodes, edges that target the node itself. */
export function agentflowData(steps: TestStep[], edges: TestEdge[]): FlowData {
  const nodes: FlowNode[] = steps.map((step) => {
    const name = step.name ?? step.id.replace(/_\d+$/, '')
    return {
      id: step.id,
      type: name === 'iterationAgentflow' ? 'iteration' : 'agentFlow',
      position: { x: 0, y: 0 },
      ...(step.parentNode ? { parentNode: step.parentNode } : {}),
      data: {
        id: step.id,
        label: step.label ?? step.id,
        version: 1,
        name,
        type: 'Test',
        baseClasses: [],
        category: 'Agent Flows',
        inputParams: [],
        inputAnchors: [],
        inputs: step.inputs ?? {},
        outputAnchors: [],
        outputs: {},
      },
    }
  })
  const flowEdges: FlowEdge[] = edges.map(([source, target, output]) => ({
    id: `${source}-${target}-${output ?? 0}`,
    source,
    target,
    sourceHandle: output === undefined ? `${source}-output-${source.replace(/_\d+$/, '')}` : `${source}-output-${output}`,
    targetHandle: target,
    type: 'agentFlow',
  }))
  return { nodes, edges: flowEdges }
}

/** A step written for a test. */
export function testStepNode(name: string, step: StepRunner): NodeDefinition {
  return defineNode({
    descriptor: {
      label: name,
      name,
      version: 1,
      type: 'Test',
      category: 'Agent Flows',
      description: 'A step written for engine tests.',
      icon: 'test.svg',
      color: '#000000',
      baseClasses: ['Test'],
      canvases: ['agentflowV2'],
      inputs: [],
    },
    step,
  })
}

/** Executions kept in memory, with every saved change, so tests read what the run recorded. */
export function memoryExecutions(): ExecutionStore & { records: Map<string, ExecutionRecord>; parents: Map<string, string> } {
  const records = new Map<string, ExecutionRecord>()
  const parents = new Map<string, string>()
  let next = 0
  return {
    records,
    parents,
    async create({ agentflowId, sessionId, parentExecutionId }) {
      const id = `execution-${++next}`
      records.set(id, { id, agentflowId, sessionId, state: 'INPROGRESS', executionData: [], action: null, checkpoint: null, error: null })
      if (parentExecutionId) parents.set(id, parentExecutionId)
      return id
    },
    async update(id, change) {
      const record = records.get(id)
      if (!record) throw new Error(`No execution ${id}`)
      records.set(id, structuredClone({ ...record, ...change }))
    },
    async get(id) {
      const record = records.get(id)
      return record && structuredClone(record)
    },
    async findWaiting(agentflowId, sessionId) {
      const waiting = [...records.values()].filter(
        (record) => record.agentflowId === agentflowId && record.sessionId === sessionId && record.state === 'INPROGRESS' && record.action,
      )
      return waiting.at(-1) && structuredClone(waiting.at(-1))
    },
  }
}

/** Services for an agentflow run over the real catalogue plus `extra` steps (which win by name). */
export function testAgentflowServices(
  extra: NodeDefinition[] = [],
  overrides: Partial<AgentflowServices> = {},
): AgentflowServices & { executions: ReturnType<typeof memoryExecutions> } {
  const names = new Set(extra.map((definition) => definition.descriptor.name))
  const executions = memoryExecutions()
  return {
    ...testServices([...extra, ...catalogue.filter((definition) => !names.has(definition.descriptor.name))]),
    executions,
    runFlow: () => Promise.reject(new Error('This test runs no other flow.')),
    ...overrides,
  } as AgentflowServices & { executions: ReturnType<typeof memoryExecutions> }
}

/** A run of `flowData` as the prediction API would start it. */
export function testAgentflowRun(flowData: FlowData, overrides: Partial<AgentflowRun> = {}): AgentflowRun {
  return testRun(flowData, overrides) as AgentflowRun
}
