import { nodes, type NodeDefinition } from '@weft/nodes'
import { describe, expect, it } from 'vitest'
import { testFlowData, testNode, testRun, testServices, type TestNode } from '../testing/test-flow.js'
import { collectAnswer } from './collect-answer.js'
import { runChatflow } from './run-chatflow.js'

// IfElse Function and Set/Get Variable through the real catalogue nodes (the IF code runs in the sandbox).

const ref = (id: string) => `{{${id}.data.instance}}`
const TRUE = 'returnTrue'
const FALSE = 'returnFalse'

/** Takes the True path with "sunny" when the question mentions the weather, else the False path with "unknown". */
const weatherCheck = (id = 'ifElseFunction_0', word = 'weather', answers = ['sunny', 'unknown']): TestNode => ({
  id,
  inputs: {
    ifFunction: `if ($input.includes("${word}")) {\n  return "${answers[0]}"\n}`,
    elseFunction: `return "${answers[1]}"`,
  },
})

/** Records which nodes were built, and answers with what it received. */
function probe() {
  const built: string[] = []
  const definition = testNode(
    'probe',
    async ({ nodeId, inputs }) => {
      built.push(nodeId)
      return `${nodeId} got ${String(inputs.input)}`
    },
    ['input', 'extra'],
  )
  return { built, definition }
}

const greet = testNode('greet', async ({ inputs }) => `Hello ${String(inputs.name)}`, ['name'])
const text = testNode('text', async ({ inputs }) => inputs.text, ['text'])

async function ask(flow: TestNode[], question: string, extra: NodeDefinition[] = []) {
  return collectAnswer(
    runChatflow(testRun(testFlowData(flow), { question }), testServices([...nodes, greet, text, ...extra])),
  )
}

describe('IfElse Function in a chatflow', () => {
  it('answers from the LLM chain on the path it took, with the value it passed on', async () => {
    const prompt = (id: string, path: string, template: string): TestNode => ({
      id,
      inputs: { template, promptValues: { forecast: ref('ifElseFunction_0') } },
      via: { ifElseFunction_0: path },
    })
    const flow: TestNode[] = [
      { id: 'chatOffline_0' },
      weatherCheck(),
      prompt('promptTemplate_0', TRUE, 'repeat after me: The forecast is {forecast}.'),
      prompt('promptTemplate_1', FALSE, 'repeat after me: No forecast here, the check said {forecast}.'),
      { id: 'llmChain_0', inputs: { model: ref('chatOffline_0'), prompt: ref('promptTemplate_0') } },
      { id: 'llmChain_1', inputs: { model: ref('chatOffline_0'), prompt: ref('promptTemplate_1') } },
    ]
    const sunny = await ask(flow, 'How is the weather today?')
    expect(sunny.error).toBeUndefined()
    expect(sunny.text).toBe('The forecast is sunny.')
    const other = await ask(flow, 'Tell me a joke')
    expect(other.error).toBeUndefined()
    expect(other.text).toBe('No forecast here, the check said unknown.')
  })

  it('builds none of the nodes on the path not taken', async () => {
    const { built, definition } = probe()
    const flow: TestNode[] = [
      weatherCheck(),
      { id: 'text_0', inputs: { text: 'shared' } },
      { id: 'probe_0', inputs: { input: ref('ifElseFunction_0') }, via: { ifElseFunction_0: TRUE } },
      { id: 'probe_1', inputs: { input: ref('ifElseFunction_0') }, via: { ifElseFunction_0: FALSE } },
      // On the False path, though it also takes a node that is on no path.
      { id: 'probe_2', inputs: { input: ref('probe_1'), extra: ref('text_0') } },
    ]
    expect((await ask(flow, 'weather?', [definition])).text).toBe('probe_0 got sunny')
    expect(built).toEqual(['probe_0'])
    built.length = 0
    expect((await ask(flow, 'a joke', [definition])).text).toBe('probe_2 got probe_1 got unknown')
    expect(built).toEqual(['probe_1', 'probe_2'])
  })

  it('skips an IfElse node on the path not taken, with everything after it', async () => {
    const { built, definition } = probe()
    const inner = weatherCheck('ifElseFunction_1', 'rain', ['umbrella', 'sunglasses'])
    const flow: TestNode[] = [
      weatherCheck(),
      {
        ...inner,
        inputs: { ...inner.inputs, functionInputVariables: { outer: ref('ifElseFunction_0') } },
        via: { ifElseFunction_0: FALSE },
      },
      { id: 'probe_0', inputs: { input: ref('ifElseFunction_0') }, via: { ifElseFunction_0: TRUE } },
      { id: 'probe_1', inputs: { input: ref('ifElseFunction_1') }, via: { ifElseFunction_1: TRUE } },
      { id: 'probe_2', inputs: { input: ref('ifElseFunction_1') }, via: { ifElseFunction_1: FALSE } },
    ]
    expect((await ask(flow, 'weather?', [definition])).text).toBe('probe_0 got sunny')
    expect((await ask(flow, 'Will it rain?', [definition])).text).toBe('probe_1 got umbrella')
    expect((await ask(flow, 'Hello', [definition])).text).toBe('probe_2 got sunglasses')
    expect(built).toEqual(['probe_0', 'probe_1', 'probe_2'])
  })

  it('says so when the path taken leads to no ending node', async () => {
    const { definition } = probe()
    const flow: TestNode[] = [
      weatherCheck(),
      { id: 'probe_0', inputs: { input: ref('ifElseFunction_0') }, via: { ifElseFunction_0: TRUE } },
    ]
    expect((await ask(flow, 'a joke', [definition])).error).toBe(
      'This flow has no ending node on the path this question took',
    )
  })
})

describe('Set Variable and Get Variable in a chatflow', () => {
  it('reads the stored value in Get Variable with no edge from Set Variable', async () => {
    const answer = await ask(
      [
        { id: 'greet_0', inputs: { name: ref('getVariable_0') } },
        { id: 'getVariable_0', inputs: { variableName: 'name' } },
        { id: 'text_0', inputs: { text: 'Ada' } },
        { id: 'setVariable_0', inputs: { input: [ref('text_0')], variableName: 'name' } },
      ],
      'Who am I?',
    )
    expect(answer.error).toBeUndefined()
    expect(answer.text).toBe('Hello Ada')
  })

  it('reads what the Set Variable on the path taken stored', async () => {
    const store = (id: string, path: string): TestNode => ({
      id,
      inputs: { input: [ref('ifElseFunction_0')], variableName: 'forecast' },
      via: { ifElseFunction_0: path },
    })
    const flow: TestNode[] = [
      { id: 'greet_0', inputs: { name: ref('getVariable_0') } },
      { id: 'getVariable_0', inputs: { variableName: 'forecast' } },
      weatherCheck(),
      store('setVariable_0', TRUE),
      store('setVariable_1', FALSE),
    ]
    expect((await ask(flow, 'weather?')).text).toBe('Hello sunny')
    expect((await ask(flow, 'a joke')).text).toBe('Hello unknown')
  })
})
