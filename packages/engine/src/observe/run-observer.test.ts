import { collectAnswer } from '../chatflow/collect-answer.js'
import { runChatflow } from '../chatflow/run-chatflow.js'
import { chat, offlineChatModel, type ChatModel } from '@weft/nodes'
import { describe, expect, it } from 'vitest'
import { testFlowData, testNode, testRun, testServices, type TestNode } from '../testing/test-flow.js'
import type { Answerer } from '../chatflow/node-contracts.js'
import type { NodeOutcome, ObservedNode, RunObserver } from './run-observer.js'

const ref = (id: string) => `{{${id}.data.instance}}`

/** What an observer saw, in order: `start <id>` and `end <id>` with the outcome. */
function recorder() {
  const seen: Array<{ step: 'start' | 'end'; node: ObservedNode; outcome?: NodeOutcome }> = []
  const observer: RunObserver = {
    nodeStart: (node) => {
      seen.push({ step: 'start', node })
      return { nodeEnd: (outcome) => seen.push({ step: 'end', node, outcome }) }
    },
  }
  return { seen, observer }
}

const model = testNode('model', async () => offlineChatModel, [
  'modelName',
  { name: 'apiKey', type: 'password' },
  { name: 'basePath', type: 'string' },
])
/** Asks its model twice, so the model's tokens add up over calls. */
const chain = testNode(
  'chain',
  async ({ inputs }): Promise<Answerer> => {
    const connected = inputs.model as ChatModel
    return {
      answer: async (scope) => {
        const ask = (content: string) =>
          chat(connected, { messages: [{ role: 'user', content }], signal: scope.signal })
        const first = await ask('Say hello')
        const second = await ask(`Again: ${first.text}`)
        return { text: second.text }
      },
    }
  },
  ['model'],
)
const fail = testNode('fail', async () => {
  throw new Error('the node broke')
})

const nodes: TestNode[] = [
  { id: 'chain_0', inputs: { model: ref('model_0') } },
  { id: 'model_0', label: 'Offline', inputs: { modelName: 'weft', apiKey: 'sk-hidden', basePath: 'http://x' } },
]

async function run(flow: TestNode[], observer: RunObserver) {
  return collectAnswer(runChatflow(testRun(testFlowData(flow)), testServices([model, chain, fail], { observer })))
}

describe('the run observer', () => {
  it('sees each node start and end, the model after its last call with its tokens summed', async () => {
    const { seen, observer } = recorder()
    const answer = await run(nodes, observer)
    expect(answer.error).toBeUndefined()
    expect(seen.map(({ step, node }) => `${step} ${node.nodeId}`)).toEqual([
      'start model_0',
      'start chain_0',
      'end model_0',
      'end chain_0',
    ])
    const modelStart = seen[0]!.node
    expect(modelStart).toEqual({ nodeId: 'model_0', name: 'model', label: 'Offline', params: { modelName: 'weft' } })
    const modelEnd = seen.find((entry) => entry.step === 'end' && entry.node.nodeId === 'model_0')!.outcome!
    expect(modelEnd.model).toEqual({ provider: 'weft', modelId: 'weft-responder' })
    expect(modelEnd.error).toBeUndefined()
    expect(modelEnd.usage!.inputTokens).toBeGreaterThan(0)
    // Two calls: more tokens than the first call alone reports.
    const single = await chat(offlineChatModel, {
      messages: [{ role: 'user', content: 'Say hello' }],
      signal: new AbortController().signal,
    })
    expect(modelEnd.usage!.inputTokens).toBeGreaterThan(single.usage.inputTokens)
    expect(seen.at(-1)!.outcome).toEqual({})
  })

  it('ends a failing node with its error', async () => {
    const { seen, observer } = recorder()
    const answer = await run([{ id: 'fail_0', label: 'Broken' }], observer)
    expect(answer.error).toBe('Broken (fail_0): the node broke')
    const end = seen.find((entry) => entry.step === 'end')!
    expect((end.outcome!.error as Error).message).toBe('the node broke')
  })

  it('never lets an observer that throws break the run', async () => {
    const throwing: RunObserver = {
      nodeStart: () => {
        throw new Error('observer failed')
      },
    }
    const endThrowing: RunObserver = {
      nodeStart: () => ({
        nodeEnd: () => {
          throw new Error('observer failed')
        },
      }),
    }
    for (const observer of [throwing, endThrowing]) {
      const answer = await run(nodes, observer)
      expect(answer.error).toBeUndefined()
      expect(answer.text).not.toBe('')
    }
  })
})
