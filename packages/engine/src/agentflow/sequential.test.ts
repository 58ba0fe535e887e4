import type { FlowData, FlowEdge, FlowNode, RunEvent } from '@weft/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { testFetch } from '../../../nodes/src/testing/test-fetch.js'
import { definitionsByName } from '../chatflow/node-definitions.js'
import { build, canvasNode } from '../testing/canvas-flow.js'
import { testAgentflowRun, testAgentflowServices } from '../testing/test-agentflow.js'
import { readAgentflow } from './agentflow-graph.js'
import { runAgentflow } from './run-agentflow.js'

// Sequential agent flows (V1) as the canvas saves them: nodes made from the catalogue's descriptors,
// connected through their anchors (the target's input holds `{{<source>.data.instance}}`), run on the
// agentflow runtime against a real HTTP model server.

let mock: MockOpenAIServer

beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())
beforeEach(() => {
  mock.requests.length = 0
})

const model = () => canvasNode('chatOpenAICustom_0', { basePath: mock.baseURL, modelName: 'mock-model' })

/** Start (model, memory, state) → Agent (calculator) → Condition ("Correct" when the answer has 42) → End | End. */
function agentFlow(): FlowData {
  return build(
    [
      model(),
      canvasNode('agentMemory_0'),
      canvasNode('seqState_0', { stateMemoryUI: [{ key: 'topic', type: 'Replace', defaultValue: 'sums' }] }),
      canvasNode('calculator_0'),
      canvasNode('seqStart_0'),
      canvasNode('seqAgent_0', {
        agentName: 'Maths',
        systemMessagePrompt: 'You work out {topic}.',
        promptValues: '{"topic": "$flow.state.topic"}',
        updateStateMemoryUI: [{ key: 'answer', value: '$flow.output.content' }],
      }),
      canvasNode('seqCondition_0', {
        conditions: [{ variable: '$flow.output.content', operation: 'Contains', value: '42', output: 'Correct' }],
      }),
      canvasNode('seqEnd_0'),
      canvasNode('seqEnd_1'),
    ],
    [
      ['chatOpenAICustom_0', 'seqStart_0', 'model'],
      ['agentMemory_0', 'seqStart_0', 'agentMemory'],
      ['seqState_0', 'seqStart_0', 'state'],
      ['calculator_0', 'seqAgent_0', 'tools'],
      ['seqStart_0', 'seqAgent_0', 'sequentialNode'],
      ['seqAgent_0', 'seqCondition_0', 'sequentialNode'],
      ['seqCondition_0', 'seqEnd_0', 'sequentialNode', 'Correct'],
      ['seqCondition_0', 'seqEnd_1', 'sequentialNode', 'End'],
    ],
  )
}

const services = () => testAgentflowServices([], { fetch: testFetch(mock.url) })

async function ask(flow: FlowData, run: Parameters<typeof testAgentflowRun>[1], given = services()) {
  const events: RunEvent[] = []
  for await (const event of runAgentflow(testAgentflowRun(flow, run), given)) events.push(event)
  const [execution] = [...given.executions.records.values()].slice(-1)
  return { events, execution: execution!, services: given }
}

const answerOf = (events: RunEvent[]) =>
  events
    .filter((event) => event.event === 'token')
    .map((event) => event.data)
    .join('')
const lastOf = (events: RunEvent[], name: string) => events.filter((event) => event.event === name).at(-1)?.data

describe('a sequential agent flow', () => {
  it('runs Start, an Agent with its tool, a Condition and the End of the branch it took', async () => {
    mock.script({ toolCalls: [{ name: 'calculator', arguments: { expression: '6 * 7' } }] }, { text: 'It is 42.' })
    const { events, execution } = await ask(agentFlow(), { question: 'What is 6 times 7?' })

    expect(lastOf(events, 'error')).toBeUndefined()
    expect(answerOf(events)).toBe('It is 42.')
    const used = [{ tool: 'calculator', toolInput: { expression: '6 * 7' }, toolOutput: '42' }]
    expect(lastOf(events, 'usedTools')).toEqual(used)
    expect(execution.state).toBe('FINISHED')
    expect(execution.executionData.map((step) => [step.nodeId, step.status, step.previousNodeIds])).toEqual([
      ['seqStart_0', 'FINISHED', []],
      ['seqAgent_0', 'FINISHED', ['seqStart_0']],
      ['seqCondition_0', 'FINISHED', ['seqAgent_0']],
      ['seqEnd_0', 'FINISHED', ['seqCondition_0']],
    ])
    const [, agent, condition, end] = execution.executionData
    expect(agent!.data.output).toMatchObject({ content: 'It is 42.', usedTools: used })
    // The State node's starting value, and the Agent's Update State.
    expect(agent!.data.state).toEqual({ topic: 'sums', answer: 'It is 42.' })
    expect(condition!.data.output.conditions).toEqual([
      { output: 'Correct', isFulfilled: true },
      { output: 'End', isFulfilled: false },
    ])
    expect(end!.data.output.content).toBe('It is 42.')

    // The model connected to Start, asked with the system prompt (its {topic} filled from the state) and the tool.
    const first = mock.requests[0]!.body!
    expect(first.messages).toEqual([
      { role: 'system', content: 'You work out sums.' },
      { role: 'user', content: 'What is 6 times 7?' },
    ])
    expect((first.tools as { function: { name: string } }[]).map((tool) => tool.function.name)).toEqual(['calculator'])
  })

  it('takes the End output when no rule holds, and sees the conversation stored for the chat', async () => {
    mock.script({ text: 'I cannot tell.' })
    const history = [
      { role: 'userMessage' as const, content: 'Hi' },
      { role: 'apiMessage' as const, content: 'Hello!' },
    ]
    const stored = testAgentflowServices([], { fetch: testFetch(mock.url), memory: { history: async () => history } })
    const { events, execution } = await ask(agentFlow(), { question: 'What is 6 times 7?' }, stored)

    expect(answerOf(events)).toBe('I cannot tell.')
    expect(execution.executionData.map((step) => step.nodeId)).toEqual([
      'seqStart_0',
      'seqAgent_0',
      'seqCondition_0',
      'seqEnd_1',
    ])
    expect((mock.requests[0]!.body!.messages as { content: string }[]).map((message) => message.content)).toEqual([
      'You work out sums.',
      'Hi',
      'Hello!',
      'What is 6 times 7?',
    ])
  })

  it('pauses a Tool Node that asks for approval, and runs its tool on the LLM Node’s JSON once approved', async () => {
    const flow = build(
      [
        model(),
        canvasNode('calculator_0'),
        canvasNode('seqStart_0'),
        canvasNode('seqLLMNode_0', {
          systemMessagePrompt: 'Write the sum.',
          llmStructuredOutput: [{ key: 'expression', type: 'String', description: 'The sum to work out' }],
        }),
        canvasNode('seqToolNode_0', { interrupt: true, approvalPrompt: 'Run {tools}?' }),
        canvasNode('seqEnd_0'),
      ],
      [
        ['chatOpenAICustom_0', 'seqStart_0', 'model'],
        ['calculator_0', 'seqToolNode_0', 'tools'],
        ['seqStart_0', 'seqLLMNode_0', 'sequentialNode'],
        ['seqLLMNode_0', 'seqToolNode_0', 'llmNode'],
        ['seqToolNode_0', 'seqEnd_0', 'sequentialNode'],
      ],
    )
    mock.script({ text: '{"expression": "6 * 7"}' })
    const given = services()
    const paused = await ask(flow, { question: 'What is 6 times 7?' }, given)
    expect(answerOf(paused.events)).toBe('Run calculator?')
    expect(lastOf(paused.events, 'action')).toMatchObject({
      data: { nodeId: 'seqToolNode_0', input: 'Run calculator?' },
    })
    expect(paused.execution.state).toBe('INPROGRESS')

    const resumed = await ask(
      flow,
      { question: 'Yes', humanInput: { type: 'proceed', startNodeId: 'seqToolNode_0' } },
      given,
    )
    expect(lastOf(resumed.events, 'error')).toBeUndefined()
    expect(answerOf(resumed.events)).toBe('42')
    expect(lastOf(resumed.events, 'usedTools')).toEqual([
      { tool: 'calculator', toolInput: { expression: '6 * 7' }, toolOutput: '42' },
    ])
    expect(resumed.execution.id).toBe(paused.execution.id)
    expect(resumed.execution.state).toBe('FINISHED')
    expect(resumed.execution.executionData.map((step) => [step.nodeId, step.status])).toEqual([
      ['seqStart_0', 'FINISHED'],
      ['seqLLMNode_0', 'FINISHED'],
      ['seqToolNode_0', 'FINISHED'],
      ['seqEnd_0', 'FINISHED'],
    ])
    expect(mock.requests).toHaveLength(1)
  })

  it('fails the step that needs a model when neither it nor Start has one', async () => {
    const flow = build(
      [canvasNode('seqStart_0'), canvasNode('seqLLMNode_0'), canvasNode('seqEnd_0')],
      [
        ['seqStart_0', 'seqLLMNode_0', 'sequentialNode'],
        ['seqLLMNode_0', 'seqEnd_0', 'sequentialNode'],
      ],
    )
    const { events, execution } = await ask(flow, {})
    expect(lastOf(events, 'error')).toBe(
      'LLM Node: there is no chat model: connect one to Start (every node uses it) or to this node.',
    )
    expect(execution.state).toBe('ERROR')
  })
})

describe('reading a sequential agent flow', () => {
  /** A node as a Flowise export writes it, with only what the reader looks at. */
  const exported = (id: string, category: string, inputs: Record<string, unknown>): FlowNode => ({
    id,
    type: 'customNode',
    position: { x: 0, y: 0 },
    data: {
      id,
      label: id,
      version: 2,
      name: id.replace(/_\d+$/, ''),
      type: 'Test',
      baseClasses: ['Condition'],
      category,
      inputParams: [],
      inputAnchors: [],
      inputs,
      outputAnchors: [],
      outputs: {},
    },
  })
  const edge = (source: string, sourceHandle: string, target: string): FlowEdge => ({
    id: `${sourceHandle}-${target}`,
    source,
    sourceHandle,
    target,
    targetHandle: `${target}-input-sequentialNode-Condition`,
    type: 'buttonedge',
  })

  it('takes the steps, leaves the components out of the control flow, and numbers condition outputs by their rules', () => {
    const flow = readAgentflow(
      {
        nodes: [
          exported('chatOpenAI_0', 'Chat Models', {}),
          exported('seqState_0', 'Sequential Agents', {}),
          exported('seqStart_0', 'Sequential Agents', { model: '{{chatOpenAI_0.data.instance}}' }),
          // Flowise's spellings: the rules under `conditionUI`, the open tab keyed by the node id.
          exported('seqCondition_0', 'Sequential Agents', {
            conditionUI: JSON.stringify([
              { variable: '$flow.output.content', operation: 'Contains', value: 'again', output: 'Retry' },
              { variable: '$flow.output.content', operation: 'Contains', value: 'ok', output: 'Done' },
            ]),
            selectedConditionFunctionTab_seqCondition_0: 'conditionUI_seqCondition_0',
          }),
          exported('seqEnd_0', 'Sequential Agents', {}),
          exported('seqEnd_1', 'Sequential Agents', {}),
          exported('seqEnd_2', 'Sequential Agents', {}),
        ],
        edges: [
          edge('chatOpenAI_0', 'chatOpenAI_0-output-chatOpenAI-ChatOpenAI', 'seqStart_0'),
          edge('seqState_0', 'seqState_0-output-seqState-State', 'seqStart_0'),
          edge('seqStart_0', 'seqStart_0-output-seqStart-Start', 'seqCondition_0'),
          // The saved anchors are stale (none): the rules give the order, whatever the handle's type suffix.
          edge('seqCondition_0', 'seqCondition_0-output-Done-Condition', 'seqEnd_0'),
          edge('seqCondition_0', 'seqCondition_0-output-End', 'seqEnd_1'),
          edge('seqCondition_0', 'seqCondition_0-output-Gone-Condition', 'seqEnd_2'),
        ],
      },
      definitionsByName(testAgentflowServices().nodes),
    )
    expect([...flow.steps.keys()]).toEqual(['seqStart_0', 'seqCondition_0', 'seqEnd_0', 'seqEnd_1', 'seqEnd_2'])
    expect(flow.components.map((node) => node.id)).toEqual(['chatOpenAI_0', 'seqState_0'])
    expect(flow.top.incoming.get('seqStart_0')).toBe(0)
    expect(flow.top.outgoing.get('seqCondition_0')!.map((out) => [out.target, out.output])).toEqual([
      ['seqEnd_0', 1],
      ['seqEnd_1', 2],
      ['seqEnd_2', -1],
    ])
  })
})
