import type { FlowNode } from '@weft/core'
import { FINISH, type TeamMember } from '@weft/nodes'
import type { AgentEdge, AgentFlow, AgentStep } from './agentflow-graph.js'
import { referencedNodeIds } from '../chatflow/node-reference.js'

// Multi agents (Flowise's V1, saved as MULTIAGENT like sequential agents): one Supervisor and the
// Workers whose Supervisor input is connected to it; no Start. The supervisor runs first and picks
// the next worker by name (its step hands over with `goTo`); each worker answers back to the
// supervisor along an edge the runtime adds, until the supervisor answers FINISH. Chat models and
// tools connected to them are components, built as in a sequential flow.

const SUPERVISOR = 'supervisor'
const WORKER = 'worker'

/** Whether the flow's nodes make a multi-agent flow (it has a Supervisor or a Worker). */
export const isMultiAgent = (nodes: readonly FlowNode[]): boolean =>
  nodes.some((node) => node.data.name === SUPERVISOR || node.data.name === WORKER)

/**
 * Reads a multi-agent flow: the supervisor is where the run starts; its step's input `workers`
 * lists its team (given by the runtime, not saved). Throws a message naming what to fix when the
 * team cannot run: no supervisor or several, a supervisor without workers, a worker connected to no
 * supervisor, a worker without a name or with another's.
 */
export function readMultiAgentFlow(nodes: readonly FlowNode[], stepOf: (node: FlowNode) => AgentStep): AgentFlow {
  const supervisors = nodes.filter((node) => node.data.name === SUPERVISOR)
  const workers = nodes.filter((node) => node.data.name === WORKER)
  const supervisor = supervisors[0]
  if (supervisors.length > 1) throw new Error('This multi-agent flow has more than one Supervisor: keep one.')
  for (const worker of workers) {
    if (!supervisor || !referencedNodeIds(worker.data.inputs?.supervisor).includes(supervisor.id)) {
      throw new Error(
        `Worker "${nameOf(worker)}" is not connected to a supervisor: connect its Supervisor input to the Supervisor.`,
      )
    }
  }
  if (!supervisor) throw new Error('This multi-agent flow has no Supervisor: add one and connect its workers to it.')
  if (workers.length === 0) {
    throw new Error(
      `Supervisor "${nameOf(supervisor)}" has no workers: connect at least one Worker's Supervisor input to it.`,
    )
  }
  const team = workers.map((worker) => teamMember(worker))
  const seen = new Set<string>()
  for (const member of team) {
    // The supervisor's model names workers without regard to case.
    const key = member.name.toLowerCase()
    if (seen.has(key)) throw new Error(`Two workers are named "${member.name}": give each worker its own name.`)
    seen.add(key)
  }
  const start = stepOf(supervisor)
  const steps = new Map<string, AgentStep>([
    [start.id, { ...start, inputs: { ...start.inputs, workers: team } }],
    ...workers.map((worker): [string, AgentStep] => [worker.id, stepOf(worker)]),
  ])
  const back = (worker: FlowNode): AgentEdge[] => [{ source: worker.id, target: supervisor.id, output: 0 }]
  const outgoing = new Map<string, readonly AgentEdge[]>([
    [supervisor.id, []],
    ...workers.map((w) => [w.id, back(w)] as const),
  ])
  // A worker hands back to the supervisor alone: the supervisor never waits for the other workers.
  const incoming = new Map<string, number>([[supervisor.id, 1], ...workers.map((w) => [w.id, 0] as const)])
  const ids = new Set(steps.keys())
  return {
    steps,
    top: { steps, outgoing, incoming },
    startId: supervisor.id,
    iterations: new Map(),
    components: nodes.filter((node) => !ids.has(node.id)),
  }
}

function teamMember(worker: FlowNode): TeamMember {
  const raw = worker.data.inputs?.workerName
  const name = typeof raw === 'string' ? raw.trim() : ''
  if (!name) throw new Error(`Worker "${labelOf(worker)}" has no Worker Name: the supervisor picks workers by name.`)
  if (name.toUpperCase() === FINISH)
    throw new Error(`Worker "${name}" is named like ${FINISH}, the supervisor's word for done: rename it.`)
  return { nodeId: worker.id, name }
}

const labelOf = (node: FlowNode) => node.data.label || node.id

/** The name the user gave a supervisor or worker (Supervisor Name, Worker Name), else its label. */
function nameOf(node: FlowNode): string {
  const named = node.data.inputs?.[node.data.name === SUPERVISOR ? 'supervisorName' : 'workerName']
  return (typeof named === 'string' && named.trim()) || labelOf(node)
}
