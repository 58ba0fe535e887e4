import { failure, type RunEvent } from '@weft/core'
import type { NodeDefinition } from '@weft/nodes'
import { describe, expect, it } from 'vitest'
import { testFlowData, testNode, testRun, testServices, type TestNode } from '../testing/test-flow.js'
import { createChatflowCache } from './chatflow-cache.js'
import { collectAnswer } from './collect-answer.js'
import type { Answerer } from './node-contracts.js'
import { runChatflow } from './run-chatflow.js'

const ref = (id: string) => `{{${id}.data.instance}}`

/** A deferred value the test settles, to hold a node mid-run. */
function gate<T = void>() {
  let open!: (value: T) => void
  const opened = new Promise<T>((resolve) => (open = resolve))
  return { open, opened }
}

const text = testNode('text', async ({ inputs }) => inputs.text, ['text'])
/** Streams its prompt word by word, the way a chain over a streaming model does. */
const chain = testNode(
  'chain',
  async ({ inputs }): Promise<Answerer> => ({
    answer: async (scope) => {
      const words = String(inputs.prompt).split(/(?<= )/)
      for (const word of words) scope.emit({ event: 'token', data: word })
      return {
        text: words.join(''),
        usage: { inputTokens: 2, outputTokens: words.length, totalTokens: 2 + words.length },
      }
    },
  }),
  ['prompt'],
)
/** Answers all at once, with documents and tools, and emits nothing itself. */
const quiet = testNode('quiet', async (): Promise<Answerer> => ({
  answer: async () => ({
    text: 'All at once',
    sourceDocuments: [{ pageContent: 'Weft runs flows.', metadata: { source: 'readme' } }],
    usedTools: [{ tool: 'calculator', toolInput: { input: '1+1' }, toolOutput: '2' }],
  }),
}))
const fail = testNode('fail', async () => {
  throw new Error('the API key was refused')
})

async function eventsOf(nodes: TestNode[], definitions: NodeDefinition[], overrides = {}, services = {}) {
  const events: RunEvent[] = []
  for await (const event of runChatflow(testRun(testFlowData(nodes), overrides), testServices(definitions, services))) {
    events.push(event)
  }
  return events
}

describe('runChatflow', () => {
  it('builds the nodes, streams the answer and ends with the metadata', async () => {
    const events = await eventsOf(
      [
        { id: 'chain_0', inputs: { prompt: ref('text_0') } },
        { id: 'text_0', inputs: { text: 'You asked: {{question}}' } },
      ],
      [text, chain],
    )
    expect(events).toEqual([
      { event: 'start', data: '' },
      { event: 'token', data: 'You ' },
      { event: 'token', data: 'asked: ' },
      { event: 'token', data: 'What ' },
      { event: 'token', data: 'is ' },
      { event: 'token', data: 'Weft?' },
      {
        event: 'metadata',
        data: {
          chatId: 'chat-1',
          chatMessageId: 'message-1',
          question: 'What is Weft?',
          sessionId: 'session-1',
          usage: { inputTokens: 2, outputTokens: 5, totalTokens: 7 },
        },
      },
      { event: 'end', data: '[DONE]' },
    ])
  })

  it('sends an answer that was not streamed as one token, with its documents and tools', async () => {
    const events = await eventsOf([{ id: 'quiet_0' }], [quiet])
    expect(events.map((event) => event.event)).toEqual([
      'start',
      'token',
      'sourceDocuments',
      'usedTools',
      'metadata',
      'end',
    ])
    expect(events[1]).toEqual({ event: 'token', data: 'All at once' })
  })

  it('answers with the text of an ending node that computes text', async () => {
    const answer = await collectAnswer(
      runChatflow(
        testRun(testFlowData([{ id: 'text_0', inputs: { text: 'Plain $vars.word' } }])),
        testServices([text], { vars: { word: 'text' } }),
      ),
    )
    expect(answer).toMatchObject({ text: 'Plain text', sourceDocuments: [], usedTools: [] })
    expect(answer.error).toBeUndefined()
  })

  it('delivers tokens while the run is still going', async () => {
    const held = gate()
    const slow = testNode('slow', async (): Promise<Answerer> => ({
      answer: async (scope) => {
        scope.emit({ event: 'token', data: 'first ' })
        await held.opened
        scope.emit({ event: 'token', data: 'second' })
        return { text: 'first second' }
      },
    }))
    const received: string[] = []
    for await (const event of runChatflow(testRun(testFlowData([{ id: 'slow_0' }])), testServices([slow]))) {
      if (event.event !== 'token') continue
      received.push(event.data)
      // The node is still waiting on the gate: the first token came before the run finished.
      if (event.data === 'first ') held.open()
    }
    expect(received).toEqual(['first ', 'second'])
  })

  it('names the node that failed and why, then ends', async () => {
    const events = await eventsOf(
      [
        { id: 'chain_0', inputs: { prompt: ref('fail_0') } },
        { id: 'fail_0', label: 'OpenAI Chat' },
      ],
      [chain, fail],
    )
    expect(events).toEqual([
      { event: 'start', data: '' },
      // A failure nothing classifies is Weft's own (500); see failure-kind.ts.
      { event: 'error', data: 'OpenAI Chat (fail_0): the API key was refused', status: 500 },
      { event: 'end', data: '[DONE]' },
    ])
  })

  it('gives the error event the status of the failure kind the node threw, through the node error', async () => {
    const answer = await collectAnswer(
      runChatflow(
        testRun(testFlowData([{ id: 'down_0', label: 'Model' }])),
        testServices([
          testNode('down', async () => {
            throw failure('service', 'the server answered HTTP 401')
          }),
        ]),
      ),
    )
    expect(answer).toMatchObject({ error: 'Model (down_0): the server answered HTTP 401', errorStatus: 502 })
  })

  it('names a node the catalogue does not have', async () => {
    const answer = await collectAnswer(
      runChatflow(testRun(testFlowData([{ id: 'mystery_0', label: 'Mystery' }])), testServices([])),
    )
    expect(answer.error).toBe('Mystery (mystery_0): Weft has no node named "mystery"')
  })

  it('reports a flow it cannot run as an error event, not a throw', async () => {
    const events = await eventsOf([{ id: 'text_0' }, { id: 'text_1' }], [text])
    expect(events[1]).toEqual({
      event: 'error',
      data: 'This flow has more than one ending node: text_0 (text_0), text_1 (text_1)',
      status: 500,
    })
    expect(events.at(-1)).toEqual({ event: 'end', data: '[DONE]' })
  })

  it('says when the ending node cannot answer', async () => {
    const model = testNode('model', async () => ({ kind: 'chatModel' }))
    const answer = await collectAnswer(
      runChatflow(testRun(testFlowData([{ id: 'model_0', label: 'Chat Model' }])), testServices([model])),
    )
    expect(answer.error).toBe(
      'Chat Model (model_0): This node cannot answer a question: end the flow with a chain or an agent',
    )
  })

  it('gives each node its credential, chosen output and whether it ends the flow', async () => {
    const seen: unknown[] = []
    const probe = testNode(
      'probe',
      async (context) => {
        seen.push({
          id: context.nodeId,
          credential: context.credential,
          output: context.output,
          isEnding: context.isEnding,
        })
        return context.nodeId
      },
      ['input'],
    )
    await eventsOf(
      [
        { id: 'probe_0', inputs: { input: ref('probe_1') } },
        { id: 'probe_1', credential: 'cred-1', output: 'outputPrediction' },
      ],
      [probe],
      {},
      { credential: async (id: string) => ({ apiKey: `secret of ${id}` }) },
    )
    expect(seen).toEqual([
      { id: 'probe_1', credential: { apiKey: 'secret of cred-1' }, output: 'outputPrediction', isEnding: false },
      { id: 'probe_0', credential: undefined, output: undefined, isEnding: true },
    ])
  })

  it('names the node whose credential cannot be found', async () => {
    const answer = await collectAnswer(
      runChatflow(testRun(testFlowData([{ id: 'text_0', label: 'OpenAI', credential: 'gone' }])), testServices([text])),
    )
    expect(answer.error).toBe('OpenAI (text_0): Credential not found: gone')
  })

  it('applies the allowed overrides to params a call may change, never to secrets', async () => {
    const probe = testNode('probe', async ({ inputs }) => `${inputs.text} / ${inputs.apiKey}`, [
      'text',
      { name: 'apiKey', type: 'password' },
    ])
    const answer = await collectAnswer(
      runChatflow(
        testRun(testFlowData([{ id: 'probe_0', inputs: { text: 'author', apiKey: 'sk-author' } }]), {
          overrides: { nodes: { probe_0: { text: 'caller $vars.secret', apiKey: 'sk-caller' } }, vars: {} },
        }),
        testServices([probe], { vars: { secret: 'do not leak' } }),
      ),
    )
    // The caller's value is taken literally: it cannot read workspace variables.
    expect(answer.text).toBe('caller $vars.secret / sk-author')
  })

  it('lets the allowed overrideConfig.vars set $vars for the run', async () => {
    const answer = await collectAnswer(
      runChatflow(
        testRun(testFlowData([{ id: 'text_0', inputs: { text: 'Hello $vars.name' } }]), {
          overrides: { nodes: {}, vars: { name: 'Ada' } },
        }),
        testServices([text], { vars: { name: 'Bob' } }),
      ),
    )
    expect(answer.text).toBe('Hello Ada')
  })

  it('builds independent nodes together', async () => {
    const bothStarted = [gate(), gate()]
    const pair = (index: number) =>
      testNode(`pair${index}`, async () => {
        bothStarted[index]!.open()
        // Each waits for the other: this only finishes when both build at the same time.
        await bothStarted[1 - index]!.opened
        return `part ${index}`
      })
    const join = testNode('join', async ({ inputs }) => `${inputs.a} + ${inputs.b}`, ['a', 'b'])
    const answer = await collectAnswer(
      runChatflow(
        testRun(
          testFlowData([
            { id: 'join_0', inputs: { a: ref('pair0_0'), b: ref('pair1_0') } },
            { id: 'pair0_0' },
            { id: 'pair1_0' },
          ]),
        ),
        testServices([pair(0), pair(1), join]),
      ),
    )
    expect(answer.text).toBe('part 0 + part 1')
  })

  it('reads the flow once per version through the cache', async () => {
    const cache = createChatflowCache()
    const run = testRun(testFlowData([{ id: 'text_0', inputs: { text: 'cached' } }]))
    await collectAnswer(runChatflow(run, testServices([text], { cache })))
    await collectAnswer(runChatflow(run, testServices([text], { cache })))
    expect(cache.size).toBe(1)
  })
})

describe('runChatflow cancellation', () => {
  /** An answer that streams one token, then waits for the model call to be aborted. */
  function hangingNode() {
    const aborted = gate<unknown>()
    const definition = testNode('hang', async (): Promise<Answerer> => ({
      answer: async (scope) => {
        scope.emit({ event: 'token', data: 'partial ' })
        await new Promise((_, reject) =>
          scope.signal.addEventListener('abort', () => {
            aborted.open(scope.signal.reason)
            // A node that keeps talking after the stop must not reach the client.
            scope.emit({ event: 'token', data: 'too late' })
            reject(scope.signal.reason)
          }),
        )
        return { text: 'never' }
      },
    }))
    return { definition, aborted }
  }

  it('stops mid-run when the signal aborts: the model call sees it, the client reads why', async () => {
    const { definition, aborted } = hangingNode()
    const controller = new AbortController()
    const events: RunEvent[] = []
    for await (const event of runChatflow(
      testRun(testFlowData([{ id: 'hang_0' }]), { signal: controller.signal }),
      testServices([definition]),
    )) {
      events.push(event)
      if (event.event === 'token') controller.abort()
    }
    expect(await aborted.opened).toBe(controller.signal.reason)
    expect(events).toEqual([
      { event: 'start', data: '' },
      { event: 'token', data: 'partial ' },
      { event: 'error', data: 'The run was stopped' },
      { event: 'end', data: '[DONE]' },
    ])
  })

  it('says the run took too long when the server timeout fires', async () => {
    const { definition } = hangingNode()
    const controller = new AbortController()
    const run = testRun(testFlowData([{ id: 'hang_0' }]), { signal: controller.signal, timeoutMs: 30_000 })
    const events: RunEvent[] = []
    for await (const event of runChatflow(run, testServices([definition]))) {
      events.push(event)
      if (event.event === 'token') controller.abort(new DOMException('The operation timed out.', 'TimeoutError'))
    }
    expect(events.at(-2)).toEqual({
      event: 'error',
      data: 'The run took longer than 30 s and was stopped',
      status: 504,
    })
  })

  it('runs nothing when the signal is already aborted', async () => {
    let built = false
    const probe = testNode('probe', async () => {
      built = true
      return 'x'
    })
    const events = await eventsOf([{ id: 'probe_0' }], [probe], { signal: AbortSignal.abort() })
    expect(events.map((event) => event.event)).toEqual(['start', 'error', 'end'])
    expect(built).toBe(false)
  })

  it('aborts the run when the consumer leaves the loop', async () => {
    const { definition, aborted } = hangingNode()
    for await (const event of runChatflow(testRun(testFlowData([{ id: 'hang_0' }])), testServices([definition]))) {
      if (event.event === 'token') break
    }
    expect(await aborted.opened).toBeInstanceOf(Error)
  })
})
