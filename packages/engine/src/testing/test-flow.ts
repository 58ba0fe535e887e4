import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FlowData, FlowEdge, FlowNode, InputParam } from '@weft/core'
import { createOutboundGuard, defineNode, type NodeDefinition, type NodeRunContext } from '@weft/nodes'
import type { ChatflowRun, EngineServices } from '../chatflow/chatflow-run.js'
import { referencedNodeIds } from '../chatflow/node-reference.js'

// Engine tests describe flows as a few lines of data; these helpers turn them into flow data in the
// format the canvas saves, and give small node definitions written for the tests.

export interface TestNode {
  id: string
  /** The definition's name; defaults to the id without its `_<n>` suffix. */
  name?: string
  label?: string
  inputs?: Record<string, unknown>
  credential?: string
  output?: string
  /** The output each source node is connected through (source id → output name), e.g. an IfElse's `returnFalse`. */
  via?: Record<string, string>
  type?: FlowNode['type']
}

/**
 * Flow data whose edges follow the `{{<id>.data.instance}}` references of the inputs, as the canvas
 * draws them; `extraEdges` adds edges with no reference (source, target).
 */
export function testFlowData(nodes: TestNode[], extraEdges: Array<[string, string]> = []): FlowData {
  const flowNodes: FlowNode[] = nodes.map((node) => ({
    id: node.id,
    type: node.type ?? 'customNode',
    position: { x: 0, y: 0 },
    data: {
      id: node.id,
      label: node.label ?? node.id,
      version: 1,
      name: node.name ?? node.id.replace(/_\d+$/, ''),
      type: 'Test',
      baseClasses: [],
      category: 'Test',
      inputParams: [],
      inputAnchors: [],
      inputs: node.inputs ?? {},
      outputAnchors: [],
      outputs: node.output ? { output: node.output } : {},
      ...(node.credential ? { credential: node.credential } : {}),
    },
  }))
  const edge = (source: string, target: string, output?: string): FlowEdge => ({
    id: `${source}-${target}`,
    source,
    target,
    // The handle id the canvas writes: `<nodeId>-output-<name>-<classes>`.
    sourceHandle: output ? `${source}-output-${output}-string|json` : `${source}-output`,
    targetHandle: `${target}-input`,
  })
  const edges = nodes.flatMap((node) =>
    referencedNodeIds(node.inputs ?? {}).map((source) => edge(source, node.id, node.via?.[source])),
  )
  return { nodes: flowNodes, edges: [...edges, ...extraEdges.map(([source, target]) => edge(source, target))] }
}

/** A node definition for tests: `inputs` declares params (type `string` unless given). */
export function testNode(
  name: string,
  run: (context: NodeRunContext) => Promise<unknown>,
  inputs: Array<string | Pick<InputParam, 'name' | 'type'>> = [],
  category = 'Test',
): NodeDefinition {
  return defineNode({
    descriptor: {
      label: name,
      name,
      version: 1,
      type: 'Test',
      category,
      description: 'A node written for engine tests.',
      icon: 'test.svg',
      color: '#000000',
      baseClasses: ['Test'],
      canvases: ['chatflow'],
      inputs: inputs.map((input) =>
        typeof input === 'string' ? { label: input, name: input, type: 'string' } : { label: input.name, ...input },
      ),
    },
    run,
  })
}

/** A chatflow run of `flowData` with fresh ids and a signal that never aborts unless one is given. */
export function testRun(flowData: FlowData, overrides: Partial<ChatflowRun> = {}): ChatflowRun {
  return {
    flow: {
      id: 'flow-1',
      workspaceId: 'workspace-1',
      updatedDate: '2026-01-01T00:00:00.000Z',
      flowData: JSON.stringify(flowData),
    },
    question: 'What is Weft?',
    chatId: 'chat-1',
    sessionId: 'session-1',
    chatMessageId: 'message-1',
    signal: new AbortController().signal,
    ...overrides,
  }
}

/** What test runs call the outside through: the server's guard with no private host allowed. */
const outbound = createOutboundGuard({ allowedPrivateHosts: [] })

/** Engine services over `nodes` with no variables, no credentials, no stored history and no private hosts. */
let vectorFolder: string | undefined
const testVectorFolder = () => (vectorFolder ??= mkdtempSync(join(tmpdir(), 'weft-engine-vectors-')))

export function testServices(
  nodes: readonly NodeDefinition[],
  overrides: Partial<EngineServices> = {},
): EngineServices {
  return {
    nodes,
    vars: {},
    credential: async (id) => {
      throw new Error(`Credential not found: ${id}`)
    },
    memory: { history: async () => [] },
    fetch: outbound.fetch,
    // The Embedded Vector Store keeps its collections here, one folder per test run.
    vectorFolder: testVectorFolder(),
    ...overrides,
  }
}
