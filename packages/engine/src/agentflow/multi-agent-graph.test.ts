import { describe, expect, it } from 'vitest'
import { nodes } from '@weft/nodes'
import { templateFlow, type TemplateFlow } from '../../../nodes/src/templates/template-flow.js'
import { definitionsByName } from '../chatflow/node-definitions.js'
import { readAgentflow } from './agentflow-graph.js'

// Multi-agent flows (a Supervisor and its Workers, no Start) as the canvas saves them.

const definitions = definitionsByName(nodes)

/** A supervisor with a model, and one worker per name connected to it. */
function team(names: string[], extra?: (flow: TemplateFlow, supervisor: string) => void) {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, { modelName: 'mock-model' })
  const calculator = flow.add('calculator', 0, 400)
  const supervisor = flow.add('supervisor', 400, 0)
  flow.connect(model, supervisor, 'model')
  names.forEach((name, index) => {
    const worker = flow.add('worker', 800, index * 300, { workerName: name, workerPrompt: `You are ${name}.` })
    flow.connect(supervisor, worker, 'supervisor')
    if (index === 0) flow.connect(calculator, worker, 'tools')
  })
  extra?.(flow, supervisor)
  return JSON.stringify(flow.build())
}

describe('reading a multi-agent flow', () => {
  it('starts at the supervisor, gives it its team, and sends every worker back to it', () => {
    const flow = readAgentflow(team(['Maths', 'Writer']), definitions)
    expect(flow.startId).toBe('supervisor_0')
    expect([...flow.top.steps.keys()]).toEqual(['supervisor_0', 'worker_0', 'worker_1'])
    expect(flow.top.steps.get('supervisor_0')!.inputs.workers).toEqual([
      { nodeId: 'worker_0', name: 'Maths' },
      { nodeId: 'worker_1', name: 'Writer' },
    ])
    expect(flow.top.outgoing.get('supervisor_0')).toEqual([])
    expect(flow.top.outgoing.get('worker_1')).toEqual([{ source: 'worker_1', target: 'supervisor_0', output: 0 }])
    expect(flow.top.incoming.get('supervisor_0')).toBe(1)
    expect(flow.components.map((node) => node.id).sort()).toEqual(['calculator_0', 'chatOpenAICustom_0'])
  })

  it('names what keeps a team from running', () => {
    expect(() => readAgentflow(team([]), definitions)).toThrow(
      'Supervisor "Supervisor" has no workers: connect at least one Worker\'s Supervisor input to it.',
    )
    expect(() => readAgentflow(team(['Maths', 'Maths']), definitions)).toThrow(
      'Two workers are named "Maths": give each worker its own name.',
    )
    expect(() => readAgentflow(team(['']), definitions)).toThrow(
      'Worker "Worker" has no Worker Name: the supervisor picks workers by name.',
    )
    expect(() => readAgentflow(team(['finish']), definitions)).toThrow(
      'Worker "finish" is named like FINISH, the supervisor\'s word for done: rename it.',
    )
    const stray = team(['Maths'], (flow) => flow.add('worker', 800, 900, { workerName: 'Poet' }))
    expect(() => readAgentflow(stray, definitions)).toThrow(
      'Worker "Poet" is not connected to a supervisor: connect its Supervisor input to the Supervisor.',
    )
    const two = team(['Maths'], (flow) => flow.add('supervisor', 400, 600))
    expect(() => readAgentflow(two, definitions)).toThrow(
      'This multi-agent flow has more than one Supervisor: keep one.',
    )
  })
})
