import type { RunEvent } from '@weft/core'
import type { StepResult } from '@weft/nodes'
import { describe, expect, it } from 'vitest'
import { runAgentflow } from './run-agentflow.js'
import { agentflowData, testAgentflowRun, testAgentflowServices, testStepNode, type TestEdge, type TestStep } from '../testing/test-agentflow.js'

const collect = async (events: AsyncIterable<RunEvent>) => {
  const all: RunEvent[] = []
  for await (const event of events) all.push(event)
  return all
}
const answerOf = (events: RunEvent[]) =>
  events
    .filter((event) => event.event === 'token')
    .map((event) => event.data)
    .join('')
const errorOf = (events: RunEvent[]) => events.find((event) => event.event === 'error')?.data

// Steps written for these tests: the control flow is under test, not the steps of the catalogue.
const start = testStepNode('startAgentflow', async ({ inputs }) => ({
  output: { content: '' },
  ...(inputs.state ? { state: inputs.state as Record<string, unknown> } : {}),
}))
const echo = testStepNode('echo', async ({ inputs, isLastStep, run }) => {
  const content = String(inputs.text ?? '')
  if (isLastStep) run.emit({ event: 'token', data: content })
  return { output: { content }, ...(inputs.set ? { state: inputs.set as Record<string, unknown> } : {}) }
})
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })
const slow = testStepNode('slow', async ({ inputs, run }) => {
  await sleep(Number(inputs.ms ?? 150), run.signal)
  return { output: { content: String(inputs.text ?? '') }, ...(inputs.set ? { state: inputs.set as Record<string, unknown> } : {}) }
})
const pick = testStepNode('pick', async ({ inputs }) => ({ output: { content: `took ${inputs.take}` }, next: [Number(inputs.take)] }))
const fail = testStepNode('fail', async () => {
  throw new Error('boom')
})
const loop = testStepNode('loop', async ({ inputs }) => ({
  output: { content: '' },
  loopTo: { nodeId: String(inputs.to), maxLoopCount: Number(inputs.max), fallbackMessage: inputs.fallback as string | undefined },
}))
const iterate = testStepNode('iterate', async ({ inputs }) => ({ output: { content: '' }, items: inputs.items as unknown[] }))
const ask = testStepNode('ask', async ({ humanInput }): Promise<StepResult> => {
  if (!humanInput) return { output: { content: 'Send it?' }, pause: { question: 'Send it?', enableFeedback: true } }
  return {
    output: { content: humanInput.feedback ?? humanInput.type },
    next: [humanInput.type === 'proceed' ? 0 : 1],
  }
})
const STEPS = [start, echo, slow, pick, fail, loop, iterate, ask]

function flow(steps: TestStep[], edges: TestEdge[]) {
  return agentflowData([{ id: 'start_0', name: 'startAgentflow' }, ...steps], edges)
}

describe('running an agentflow', () => {
  it('runs steps in order, each reading earlier outputs, and records the execution', async () => {
    const services = testAgentflowServices(STEPS)
    const data = flow(
      [
        { id: 'echo_0', inputs: { text: 'You asked: {{ question }}' } },
        { id: 'echo_1', inputs: { text: '{{ echo_0 }}!' } },
      ],
      [
        ['start_0', 'echo_0'],
        ['echo_0', 'echo_1'],
      ],
    )
    const events = await collect(runAgentflow(testAgentflowRun(data, { question: 'hi' }), services))
    expect(answerOf(events)).toBe('You asked: hi!')
    expect(events.map((event) => event.event)).toEqual(
      expect.arrayContaining(['start', 'agentFlowEvent', 'nextAgentFlow', 'agentFlowExecutedData', 'metadata', 'end']),
    )
    expect(events.at(-3)).toEqual({ event: 'agentFlowEvent', data: 'FINISHED' })
    const [execution] = services.executions.records.values()
    expect(execution!.state).toBe('FINISHED')
    expect(execution!.executionData.map((step) => [step.nodeId, step.status, step.previousNodeIds])).toEqual([
      ['start_0', 'FINISHED', []],
      ['echo_0', 'FINISHED', ['start_0']],
      ['echo_1', 'FINISHED', ['echo_0']],
    ])
    expect(execution!.executionData[2]!.data.input).toEqual({ text: 'You asked: hi!' })
    expect(execution!.executionData[2]!.data.output.timeMetadata!.delta).toBeGreaterThanOrEqual(0)
    const metadata = events.find((event) => event.event === 'metadata')
    expect(metadata?.data).toMatchObject({ executionId: execution!.id })
  })

  it('never reads a reference out of a value it put in', async () => {
    const services = testAgentflowServices(STEPS, { vars: { secret: 'hunter2' } })
    const data = flow([{ id: 'echo_0', inputs: { text: 'Q: {{ question }}' } }], [['start_0', 'echo_0']])
    const events = await collect(runAgentflow(testAgentflowRun(data, { question: '{{ $vars.secret }}' }), services))
    expect(answerOf(events)).toBe('Q: {{ $vars.secret }}')
  })

  it('runs branches whose inputs are ready side by side, each with its own state, and merges them', async () => {
    const services = testAgentflowServices(STEPS)
    const data = flow(
      [
        { id: 'slow_0', inputs: { ms: 200, text: 'left', set: { shared: 'left', left: 1 } } },
        { id: 'slow_1', inputs: { ms: 300, text: 'right', set: { shared: 'right', right: 2 } } },
        { id: 'echo_0', inputs: { text: '{{ $flow.state.left }} {{ $flow.state.right }} {{ $flow.state.shared }} {{ $flow.state.kept }}' } },
      ],
      [
        ['start_0', 'slow_0'],
        ['start_0', 'slow_1'],
        ['slow_0', 'echo_0'],
        ['slow_1', 'echo_0'],
      ],
    )
    const startWithState = { ...data }
    startWithState.nodes[0]!.data.inputs = { state: { kept: 'yes' } }
    const events = await collect(runAgentflow(testAgentflowRun(startWithState), services))
    // The right branch wrote `shared` last (it finished later), so its value wins; keys nobody wrote are kept.
    expect(answerOf(events)).toBe('1 2 right yes')
    const [execution] = services.executions.records.values()
    const time = (id: string) => execution!.executionData.find((step) => step.nodeId === id)!.data.output.timeMetadata!
    expect(time('slow_0').start).toBeLessThan(time('slow_1').end)
    expect(time('slow_1').start).toBeLessThan(time('slow_0').end)
    const join = execution!.executionData.filter((step) => step.nodeId === 'echo_0')
    expect(join).toHaveLength(1)
    expect(join[0]!.previousNodeIds.sort()).toEqual(['slow_0', 'slow_1'])
  })

  it('follows only the output a branching step takes, and a join after both branches still runs once', async () => {
    const services = testAgentflowServices(STEPS)
    const data = flow(
      [
        { id: 'pick_0', inputs: { take: 1 } },
        { id: 'echo_0', inputs: { text: 'first' } },
        { id: 'echo_1', inputs: { text: 'second' } },
        { id: 'echo_2', inputs: { text: 'after {{ pick_0 }}' } },
      ],
      [
        ['start_0', 'pick_0'],
        ['pick_0', 'echo_0', 0],
        ['pick_0', 'echo_1', 1],
        ['echo_0', 'echo_2'],
        ['echo_1', 'echo_2'],
      ],
    )
    const events = await collect(runAgentflow(testAgentflowRun(data), services))
    expect(answerOf(events)).toBe('after took 1')
    const [execution] = services.executions.records.values()
    expect(execution!.executionData.map((step) => step.nodeId)).toEqual(['start_0', 'pick_0', 'echo_1', 'echo_2'])
  })

  it('loops back at most the maximum number of times, then answers the fallback message', async () => {
    const services = testAgentflowServices(STEPS)
    const data = flow(
      [
        { id: 'echo_0', inputs: { text: 'turn' } },
        { id: 'loop_0', inputs: { to: 'echo_0', max: 3, fallback: 'Gave up after 3 turns.' } },
      ],
      [
        ['start_0', 'echo_0'],
        ['echo_0', 'loop_0'],
      ],
    )
    const events = await collect(runAgentflow(testAgentflowRun(data), services))
    expect(answerOf(events)).toBe('Gave up after 3 turns.')
    const [execution] = services.executions.records.values()
    expect(execution!.executionData.filter((step) => step.nodeId === 'echo_0')).toHaveLength(4)
  })

  it('stops a run that exceeds its step limit with an error that says why', async () => {
    const services = testAgentflowServices(STEPS, { limits: { maxSteps: 10 } })
    const data = flow(
      [
        { id: 'echo_0', inputs: { text: 'turn' } },
        { id: 'loop_0', inputs: { to: 'echo_0', max: 1000 } },
      ],
      [
        ['start_0', 'echo_0'],
        ['echo_0', 'loop_0'],
      ],
    )
    const events = await collect(runAgentflow(testAgentflowRun(data), services))
    expect(errorOf(events)).toMatch(/limit of 10 steps/)
    expect([...services.executions.records.values()][0]!.state).toBe('ERROR')
  })

  it('runs an iteration’s steps once per item and gives their answers as a list', async () => {
    const services = testAgentflowServices(STEPS)
    const data = flow(
      [
        { id: 'iterate_0', inputs: { items: ['a', 'b', 'c'] } },
        { id: 'echo_0', inputs: { text: 'item {{ $iteration }}' }, parentNode: 'iterate_0' },
        { id: 'echo_1', inputs: { text: '{{ iterate_0 }}' } },
      ],
      [
        ['start_0', 'iterate_0'],
        ['iterate_0', 'echo_1'],
      ],
    )
    const events = await collect(runAgentflow(testAgentflowRun(data), services))
    expect(JSON.parse(answerOf(events))).toEqual(['item a', 'item b', 'item c'])
    const [execution] = services.executions.records.values()
    const inner = execution!.executionData.filter((step) => step.nodeId === 'echo_0')
    expect(inner.map((step) => [step.iterationIndex, step.parentNodeId])).toEqual([
      [0, 'iterate_0'],
      [1, 'iterate_0'],
      [2, 'iterate_0'],
    ])
  })

  it('sets the flow state from a step’s Update Flow State rows, reading its output', async () => {
    const services = testAgentflowServices(STEPS)
    const data = flow(
      [
        { id: 'echo_0', inputs: { text: 'Paris', echoUpdateState: [{ key: 'city', value: 'city={{ output }}' }] } },
        { id: 'echo_1', inputs: { text: 'Stored {{ $flow.state.city }}' } },
      ],
      [
        ['start_0', 'echo_0'],
        ['echo_0', 'echo_1'],
      ],
    )
    const events = await collect(runAgentflow(testAgentflowRun(data), services))
    expect(answerOf(events)).toBe('Stored city=Paris')
  })

  it('fails the run with the failing step named, and stops the branch beside it', async () => {
    const services = testAgentflowServices(STEPS)
    const data = flow(
      [{ id: 'fail_0' }, { id: 'slow_0', inputs: { ms: 5000, text: 'never' } }],
      [
        ['start_0', 'fail_0'],
        ['start_0', 'slow_0'],
      ],
    )
    const started = Date.now()
    const events = await collect(runAgentflow(testAgentflowRun(data), services))
    expect(Date.now() - started).toBeLessThan(4000)
    expect(errorOf(events)).toBe('fail_0: boom')
    const [execution] = services.executions.records.values()
    expect(execution!.state).toBe('ERROR')
    expect(execution!.error).toBe('fail_0: boom')
    const status = (id: string) => execution!.executionData.find((step) => step.nodeId === id)!.status
    expect(status('fail_0')).toBe('ERROR')
    expect(status('slow_0')).toBe('STOPPED')
  })

  it('stops when the caller stops, and records the run as stopped', async () => {
    const services = testAgentflowServices(STEPS)
    const data = flow([{ id: 'slow_0', inputs: { ms: 5000 } }], [['start_0', 'slow_0']])
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    const events = await collect(runAgentflow(testAgentflowRun(data, { signal: controller.signal }), services))
    expect(errorOf(events)).toBe('The run was stopped')
    await expect.poll(() => [...services.executions.records.values()][0]!.state).toBe('STOPPED')
  })

  it('pauses at Human Input with a checkpoint, and the answer resumes it down the chosen output', async () => {
    const services = testAgentflowServices(STEPS)
    const data = flow(
      [
        { id: 'echo_0', inputs: { text: 'draft' } },
        { id: 'ask_0' },
        { id: 'echo_1', inputs: { text: 'Sent {{ echo_0 }}' } },
        { id: 'echo_2', inputs: { text: 'Not sent: {{ ask_0 }}' } },
      ],
      [
        ['start_0', 'echo_0'],
        ['echo_0', 'ask_0'],
        ['ask_0', 'echo_1', 0],
        ['ask_0', 'echo_2', 1],
      ],
    )
    const paused = await collect(runAgentflow(testAgentflowRun(data), services))
    const action = paused.find((event) => event.event === 'action')
    expect(action?.data).toMatchObject({ data: { nodeId: 'ask_0', input: 'Send it?', enableFeedback: true } })
    expect(answerOf(paused)).toBe('Send it?')
    const [waiting] = services.executions.records.values()
    expect(waiting!.state).toBe('INPROGRESS')
    expect(waiting!.action).not.toBeNull()

    const rejected = await collect(
      runAgentflow(
        testAgentflowRun(data, { humanInput: { type: 'reject', startNodeId: 'ask_0', feedback: 'too long' } }),
        services,
      ),
    )
    expect(answerOf(rejected)).toBe('Not sent: too long')
    const [done] = services.executions.records.values()
    expect(services.executions.records.size).toBe(1)
    expect(done!.state).toBe('FINISHED')
    expect(done!.action).toBeNull()
    // echo_0 ran once: the resumed run started at the Human Input step.
    expect(done!.executionData.map((step) => step.nodeId)).toEqual(['start_0', 'echo_0', 'ask_0', 'echo_2'])
  })

  it('answers clearly when nothing waits for a Human Input answer', async () => {
    const services = testAgentflowServices(STEPS)
    const data = flow([{ id: 'ask_0' }], [['start_0', 'ask_0']])
    const events = await collect(
      runAgentflow(testAgentflowRun(data, { humanInput: { type: 'proceed', startNodeId: 'ask_0' } }), services),
    )
    expect(errorOf(events)).toMatch(/Nothing in this conversation is waiting for an answer/)
  })

  it('resumes an interrupted run from the step that did not finish, without running finished steps again', async () => {
    let firstRuns = 0
    const counted = testStepNode('counted', async () => {
      firstRuns += 1
      return { output: { content: 'one' } }
    })
    const hang = testStepNode('hang', async ({ run }) => {
      await sleep(60_000, run.signal)
      return { output: { content: 'never' } }
    })
    const services = testAgentflowServices([...STEPS, counted, hang])
    const data = flow(
      [{ id: 'counted_0' }, { id: 'hang_0', name: 'hang' }, { id: 'echo_0', inputs: { text: 'done after {{ counted_0 }}' } }],
      [
        ['start_0', 'counted_0'],
        ['counted_0', 'hang_0'],
        ['hang_0', 'echo_0'],
      ],
    )
    // The server "dies" while hang_0 runs: its process stops, and at the next start the execution is marked.
    const crash = new AbortController()
    const first = collect(runAgentflow(testAgentflowRun(data, { signal: crash.signal }), services))
    await expect
      .poll(() => [...services.executions.records.values()][0]?.executionData.map((step) => `${step.nodeId} ${step.status}`))
      .toContain('hang_0 INPROGRESS')
    const [execution] = services.executions.records.values()
    const snapshot = structuredClone(execution!)
    crash.abort()
    await first
    services.executions.records.set(snapshot.id, { ...snapshot, state: 'TERMINATED', error: 'interrupted' })

    // After the restart hang_0 answers at once.
    const quick = testStepNode('hang', async () => ({ output: { content: 'two' } }))
    const restarted = testAgentflowServices([...STEPS, counted, quick])
    restarted.executions.records.set(snapshot.id, services.executions.records.get(snapshot.id)!)
    const events = await collect(runAgentflow(testAgentflowRun(data, { resumeExecutionId: snapshot.id }), restarted))
    expect(answerOf(events)).toBe('done after one')
    expect(firstRuns).toBe(1)
    const resumed = restarted.executions.records.get(snapshot.id)!
    expect(resumed.state).toBe('FINISHED')
    expect(resumed.executionData.map((step) => [step.nodeId, step.status])).toEqual([
      ['start_0', 'FINISHED'],
      ['counted_0', 'FINISHED'],
      ['hang_0', 'TERMINATED'],
      ['hang_0', 'FINISHED'],
      ['echo_0', 'FINISHED'],
    ])
  })

  it('refuses to resume a run that ended on its own', async () => {
    const services = testAgentflowServices(STEPS)
    const data = flow([{ id: 'echo_0', inputs: { text: 'hi' } }], [['start_0', 'echo_0']])
    await collect(runAgentflow(testAgentflowRun(data), services))
    const [execution] = services.executions.records.values()
    const events = await collect(runAgentflow(testAgentflowRun(data, { resumeExecutionId: execution!.id }), services))
    expect(errorOf(events)).toMatch(/Only a run the server stopped/)
  })
})
