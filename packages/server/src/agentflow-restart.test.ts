import type { Execution, ExecutedStep, PredictionResponse } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { agentflowData } from '../../engine/src/testing/test-agentflow.js'
import { startMockOpenAI, type MockOpenAIServer } from '../../nodes/src/testing/mock-openai-server.js'
import { threeModelSteps } from './test/agentflows.js'
import { childServer, type ChildServer } from './test/child-server.js'
import { testDialects, type TestDialect } from './test/dialects.js'
import { readEvents } from './test/flows.js'

// The real thing: the compiled server in a child process, killed with SIGKILL in the middle of an
// agentflow run or while a run waits for a person, then started again on the same data folder
// (and database).

describe.each(testDialects())('agentflow runs across a server restart, on $name', (dialect: TestDialect) => {
  let mock: MockOpenAIServer
  let server: ChildServer
  let base: string
  let cookie: string

  beforeEach(async () => {
    mock = await startMockOpenAI()
    server = await childServer('agentflow-restart', {}, { dialect })
    base = server.base
  })
  afterEach(async () => {
    await server.close()
    await mock.close()
  })

  /** Kills the server, and on PostgreSQL makes what it left old enough for a restart to mark. */
  async function kill(): Promise<void> {
    await server.kill()
    await server.backdateUnfinishedWork()
  }
  async function startServer(): Promise<void> {
    await server.start()
    cookie = await server.signIn()
  }

  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${base}/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })

  async function createAgentflow(flowData: unknown): Promise<string> {
    const res = await call('POST', '/chatflows', {
      name: 'Agentflow',
      type: 'AGENTFLOW',
      flowData: JSON.stringify(flowData),
    })
    expect(res.status).toBe(201)
    return ((await res.json()) as { id: string }).id
  }

  it('marks a run killed mid-way as interrupted, and resume finishes it without running finished steps again', async () => {
    await startServer()
    const flowId = await createAgentflow(threeModelSteps(mock, true))
    // The third model call never finishes: the server is killed while it waits.
    mock.script({ text: 'First' }, { text: 'Second' }, { text: 'Third never ends', chunkDelayMs: 600_000 })
    const res = await call('POST', `/internal-prediction/${flowId}`, { question: 'Go', streaming: true, chatId: 'c1' })
    const reading = readEvents(res).catch(() => 'cut off')
    await expect.poll(() => mock.requests.length, { timeout: 30_000 }).toBe(3)
    await kill()
    expect(await reading).toBe('cut off')

    await startServer()
    const list = (await (await call('GET', `/executions?agentflowId=${flowId}`)).json()) as { data: Execution[] }
    expect(list.data).toHaveLength(1)
    const [interrupted] = list.data
    expect(interrupted).toMatchObject({ state: 'TERMINATED', interrupted: true })
    expect(interrupted!.error).toMatch(/server stopped before this run finished/)

    mock.script({ text: 'Third at last' })
    const resumed = await call('POST', `/executions/${interrupted!.id}/resume`, {})
    expect(resumed.status).toBe(200)
    const answer = (await resumed.json()) as PredictionResponse
    expect(answer.text).toBe('Third at last')
    // One more model call: the first two steps were not run again.
    expect(mock.requests).toHaveLength(4)
    expect(JSON.stringify(mock.requests[3]!.body)).toContain('three after Second')
    const finished = (await (await call('GET', `/executions/${interrupted!.id}`)).json()) as Execution
    expect(finished.state).toBe('FINISHED')
    const steps = JSON.parse(finished.executionData) as ExecutedStep[]
    expect(steps.map((step) => [step.nodeId, step.status])).toEqual([
      ['startAgentflow_0', 'FINISHED'],
      ['llmAgentflow_0', 'FINISHED'],
      ['llmAgentflow_1', 'FINISHED'],
      ['llmAgentflow_2', 'TERMINATED'],
      ['llmAgentflow_2', 'FINISHED'],
    ])
  }, 180_000) // two starts of a real server on a shared 2-core machine

  it('keeps a run waiting at Human Input across a restart; proceed and reject go their ways', async () => {
    await startServer()
    const flowId = await createAgentflow(
      agentflowData(
        [
          { id: 'startAgentflow_0' },
          {
            id: 'humanInputAgentflow_0',
            inputs: {
              humanInputDescriptionType: 'fixed',
              humanInputDescription: 'Send the email?',
              humanInputEnableFeedback: true,
            },
          },
          { id: 'directReplyAgentflow_0', inputs: { directReplyMessage: 'Sent.' } },
          { id: 'directReplyAgentflow_1', inputs: { directReplyMessage: 'Not sent: {{ humanInputAgentflow_0 }}' } },
        ],
        [
          ['startAgentflow_0', 'humanInputAgentflow_0'],
          ['humanInputAgentflow_0', 'directReplyAgentflow_0', 0],
          ['humanInputAgentflow_0', 'directReplyAgentflow_1', 1],
        ],
      ),
    )
    const paused = (await (
      await call('POST', `/internal-prediction/${flowId}`, { question: 'Mail Bo', chatId: 'c1' })
    ).json()) as PredictionResponse
    expect(paused.text).toBe('Send the email?')
    expect(paused.action?.data).toMatchObject({ nodeId: 'humanInputAgentflow_0', input: 'Send the email?' })

    await kill()
    await startServer()
    const stillWaiting = (await (await call('GET', `/executions?agentflowId=${flowId}`)).json()) as {
      data: Execution[]
    }
    expect(stillWaiting.data[0]).toMatchObject({ state: 'INPROGRESS' })

    const proceeded = await call('POST', `/internal-prediction/${flowId}`, {
      question: '',
      chatId: 'c1',
      humanInput: { type: 'proceed', startNodeId: 'humanInputAgentflow_0' },
    })
    expect(proceeded.status).toBe(200)
    expect(((await proceeded.json()) as PredictionResponse).text).toBe('Sent.')

    await call('POST', `/internal-prediction/${flowId}`, { question: 'Mail Al', chatId: 'c2' })
    const rejected = (await (
      await call('POST', `/internal-prediction/${flowId}`, {
        chatId: 'c2',
        humanInput: { type: 'reject', startNodeId: 'humanInputAgentflow_0', feedback: 'too rude' },
      })
    ).json()) as PredictionResponse
    expect(rejected.text).toBe('Not sent: too rude')
    const all = (await (await call('GET', `/executions?agentflowId=${flowId}`)).json()) as { data: Execution[] }
    expect(all.data.map((execution) => execution.state)).toEqual(['FINISHED', 'FINISHED'])
  }, 180_000)
})
