import type { RunEvent } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { runAgentflow } from './run-agentflow.js'
import {
  agentflowData,
  testAgentflowRun,
  testAgentflowServices,
  testStepNode,
  type TestEdge,
  type TestStep,
} from '../testing/test-agentflow.js'

// An agentflow run that ends without any answer text fails, naming the step that ended it, with
// the status of its kind (422: the flow as built leads nowhere; 502: the model said nothing).

const collect = async (events: AsyncIterable<RunEvent>) => {
  const all: RunEvent[] = []
  for await (const event of events) all.push(event)
  return all
}

const start = testStepNode('startAgentflow', async () => ({ output: { content: '' } }))
const say = testStepNode('say', async ({ inputs, isLastStep, run }) => {
  const content = String(inputs.text ?? '')
  if (isLastStep && content) run.emit({ event: 'token', data: content })
  return {
    output: { content },
    ...(inputs.model ? { usage: { inputTokens: 3, outputTokens: 0, totalTokens: 3 } } : {}),
  }
})
const loop = testStepNode('loop', async ({ inputs }) => ({
  output: { content: '' },
  loopTo: { nodeId: String(inputs.to), maxLoopCount: Number(inputs.max) },
}))

async function run(steps: TestStep[], edges: TestEdge[]) {
  const services = testAgentflowServices([start, say, loop])
  const flowData = agentflowData([{ id: 'startAgentflow_0' }, ...steps], edges)
  const events = await collect(runAgentflow(testAgentflowRun(flowData), services))
  const [execution] = [...services.executions.records.values()]
  return { events, execution: execution! }
}

const closing = (events: RunEvent[]) => events.filter((event) => ['token', 'error', 'end'].includes(event.event))

/** Condition: the question is "yes" (output 0), else Else (output 1). */
const YES_CONDITION: TestStep = {
  id: 'conditionAgentflow_0',
  label: 'Is it yes',
  inputs: { conditions: [{ type: 'string', value1: '{{ question }}', operation: 'equal', value2: 'yes' }] },
}

describe('an agentflow run that ends without an answer', () => {
  it('answers an error naming the Condition whose taken output is connected to nothing, instead of an empty end', async () => {
    const { events, execution } = await run(
      [YES_CONDITION, { id: 'say_0', inputs: { text: 'It is yes.' } }],
      [
        ['startAgentflow_0', 'conditionAgentflow_0'],
        ['conditionAgentflow_0', 'say_0', 0],
      ],
    )
    const message =
      "The flow ended at 'Is it yes' (conditionAgentflow_0) without an answer: it chose 'Else', and no step is connected to that output."
    expect(closing(events)).toEqual([
      { event: 'error', data: message, status: 422 },
      { event: 'end', data: '[DONE]' },
    ])
    expect(execution).toMatchObject({ state: 'ERROR', error: message })
  })

  it('still answers when the taken output leads somewhere', async () => {
    const services = testAgentflowServices([start, say])
    const flowData = agentflowData(
      [{ id: 'startAgentflow_0' }, YES_CONDITION, { id: 'say_0', inputs: { text: 'It is yes.' } }],
      [
        ['startAgentflow_0', 'conditionAgentflow_0'],
        ['conditionAgentflow_0', 'say_0', 0],
      ],
    )
    const events = await collect(runAgentflow(testAgentflowRun(flowData, { question: 'yes' }), services))
    expect(closing(events)).toEqual([
      { event: 'token', data: 'It is yes.' },
      { event: 'end', data: '[DONE]' },
    ])
  })

  it('names the last step when it gave no text: 422, or 502 when its model answered nothing', async () => {
    const silent = await run([{ id: 'say_0', label: 'Reply' }], [['startAgentflow_0', 'say_0']])
    expect(closing(silent.events)[0]).toEqual({
      event: 'error',
      data: "The flow ended at 'Reply' (say_0) without an answer: it gave no text.",
      status: 422,
    })
    const model = await run([{ id: 'say_0', label: 'LLM', inputs: { model: true } }], [['startAgentflow_0', 'say_0']])
    expect(closing(model.events)[0]).toEqual({
      event: 'error',
      data: "The flow ended at 'LLM' (say_0) without an answer: its model answered with no text.",
      status: 502,
    })
  })

  it('names a Loop that used its turns without a fallback message', async () => {
    const { events } = await run(
      [
        { id: 'say_0', inputs: { text: '' } },
        { id: 'loop_0', label: 'Again', inputs: { to: 'say_0', max: 2 } },
      ],
      [
        ['startAgentflow_0', 'say_0'],
        ['say_0', 'loop_0'],
      ],
    )
    expect(closing(events)[0]).toEqual({
      event: 'error',
      data: "The flow ended at 'Again' (loop_0) without an answer: it looped back 2 times, its most, and has no fallback message.",
      status: 422,
    })
  })
})
