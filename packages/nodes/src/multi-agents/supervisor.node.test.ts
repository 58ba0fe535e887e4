import type { ChatTurn } from '@weft/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runStep } from '../agent-flows/testing/test-step.js'
import { withMockModel } from '../sequential-agents/testing/with-mock-model.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import supervisor from './supervisor.node.js'

let mock: MockOpenAIServer

beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())
beforeEach(() => {
  mock.requests.length = 0
})

// The runtime hands the supervisor its team as the input `workers`.
const workers = [
  { nodeId: 'worker_0', name: 'Maths' },
  { nodeId: 'worker_1', name: 'Writer' },
]
const route = (next: string) => ({ toolCalls: [{ name: 'route', arguments: { next } }] })
const afterMaths: ChatTurn[] = [
  { role: 'userMessage', content: 'What is 6 times 7?' },
  { role: 'userMessage', content: 'It is 42.' },
]

async function supervisorStep(inputs: Record<string, unknown>, visit: number, history: ChatTurn[] = []) {
  const step = await withMockModel(
    supervisor,
    mock,
    { workers, ...inputs },
    { history, run: { question: 'What is 6 times 7?' } },
  )
  step.context.visit = visit
  return step
}

interface RouteRequest {
  messages: { role: string; content: string }[]
  tools: { function: { name: string; parameters: { properties: { next: { enum: string[] } } } } }[]
}

describe('the Supervisor step', () => {
  it('offers its workers and FINISH as routes, and hands over to the worker its model picks', async () => {
    mock.script(route('Maths'))
    const step = await supervisorStep({ supervisorPrompt: 'You lead {team_members}.' }, 1)
    const result = await runStep(supervisor, step)

    const body = mock.requests[0]!.body as unknown as RouteRequest
    expect(body.tools.map((tool) => tool.function.name)).toEqual(['route'])
    expect(body.tools[0]!.function.parameters.properties.next.enum).toEqual(['Maths', 'Writer', 'FINISH'])
    expect(body.messages[0]!.role).toBe('system')
    expect(body.messages[0]!.content).toMatch(/^You lead Maths, Writer\.\n\n.*Maths, Writer, FINISH\.$/s)
    expect(body.messages.slice(1)).toEqual([{ role: 'user', content: 'What is 6 times 7?' }])
    expect(result).toMatchObject({ goTo: 'worker_0', output: { next: 'Maths' } })
    // The question opens the conversation the workers see; routing streams nothing.
    expect(result.turns).toEqual([{ role: 'userMessage', content: 'What is 6 times 7?' }])
    expect(step.streamed()).toBe('')
  })

  it('answers with the last worker’s report on FINISH, and with a streamed summary when Summarization is on', async () => {
    mock.script(route('FINISH'))
    const plain = await runStep(supervisor, await supervisorStep({}, 2, afterMaths))
    expect(plain.goTo).toBeUndefined()
    expect(plain.output).toMatchObject({ content: 'It is 42.', next: 'FINISH' })
    expect(plain.turns).toEqual([])

    mock.script(route('FINISH'), { text: 'Maths found 42.' })
    const step = await supervisorStep({ summarization: true }, 2, afterMaths)
    const summed = await runStep(supervisor, step)
    expect(summed.output.content).toBe('Maths found 42.')
    expect(step.streamed()).toBe('Maths found 42.')
    expect(mock.requests).toHaveLength(3)
  })

  it('answers the user itself when it finishes before any worker spoke', async () => {
    mock.script(route('FINISH'), { text: 'Hello! Ask me a sum.' })
    const step = await supervisorStep({}, 1)
    const result = await runStep(supervisor, step)
    expect(result.output.content).toBe('Hello! Ask me a sum.')
    expect(step.streamed()).toBe('Hello! Ask me a sum.')
  })

  it('takes a reply that is only a worker’s name, and names the routes when the model picks no one', async () => {
    mock.script({ text: 'writer' })
    expect((await runStep(supervisor, await supervisorStep({}, 1))).goTo).toBe('worker_1')

    mock.script({ text: 'I think we should ask someone.' })
    await expect(runStep(supervisor, await supervisorStep({}, 1))).rejects.toThrow(
      'its model chose "I think we should ask someone.", which is none of Maths, Writer, FINISH.',
    )
  })

  it('fails past its Recursion Limit instead of handing over again', async () => {
    mock.script(route('Writer'))
    await expect(runStep(supervisor, await supervisorStep({ recursionLimit: 2 }, 3, afterMaths))).rejects.toThrow(
      'it reached its Recursion Limit: it handed over 2 times without choosing FINISH',
    )
    // Finishing stays allowed at the limit.
    mock.script(route('FINISH'))
    const result = await runStep(supervisor, await supervisorStep({ recursionLimit: 2 }, 3, afterMaths))
    expect(result.output.content).toBe('It is 42.')
  })
})
