import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import conditionAgentAgentflow from './condition-agent-agentflow.node.js'
import { runStep, testStep } from './testing/test-step.js'

let mock: MockOpenAIServer

beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())
beforeEach(() => {
  mock.requests.length = 0
})

const BILLING = 'The user asks about billing or invoices'
const PRODUCT = 'The user asks about the product features'
const scenarios = [{ scenario: BILLING }, { scenario: PRODUCT }]

const mockStep = (inputs: Record<string, unknown>) =>
  testStep(conditionAgentAgentflow, {
    allowedUrls: [mock.url],
    inputs: {
      conditionAgentModel: 'chatOpenAICustom',
      conditionAgentModelConfig: { basePath: mock.baseURL, modelName: 'mock-model' },
      scenarios,
      ...inputs,
    },
  })

describe('the Condition Agent step', () => {
  it('follows the scenario the model names in its JSON', async () => {
    mock.script({ text: `{"output": "${PRODUCT}"}` })
    const step = mockStep({
      conditionAgentInstructions: 'Route support mail.',
      conditionAgentInput: 'Does it export PDFs?',
    })
    const result = await runStep(conditionAgentAgentflow, step)

    expect(result.next).toEqual([1])
    expect(result.output).toMatchObject({
      content: PRODUCT,
      conditions: [
        { output: BILLING, isFulfilled: false },
        { output: PRODUCT, isFulfilled: true },
      ],
    })
    const [system, user] = mock.requests[0]?.body?.messages as { content: string }[]
    expect(system?.content).toContain(`Route support mail.`)
    expect(system?.content).toContain(`- ${BILLING}\n- ${PRODUCT}`)
    expect(user?.content).toBe('Does it export PDFs?')
    // The choice is not the run's answer.
    expect(step.events).toEqual([])
  })

  it('reads a scenario written in other case, or inside a sentence', async () => {
    mock.script({ text: BILLING.toUpperCase() }, { text: `I would say: ${PRODUCT.toLowerCase()}.` })
    expect((await runStep(conditionAgentAgentflow, mockStep({}))).next).toEqual([0])
    expect((await runStep(conditionAgentAgentflow, mockStep({}))).next).toEqual([1])
  })

  it('fails, listing the scenarios, when the answer names none of them', async () => {
    mock.script({ text: '{"output": "The user is angry"}' })
    await expect(runStep(conditionAgentAgentflow, mockStep({}))).rejects.toThrow(
      `Condition Agent: the model answered "{"output": "The user is angry"}", which is none of the scenarios "${BILLING}", "${PRODUCT}".`,
    )
  })

  it('picks the scenario that shares words with the input with the built-in responder', async () => {
    const choose = (input: string) =>
      runStep(
        conditionAgentAgentflow,
        testStep(conditionAgentAgentflow, { inputs: { scenarios, conditionAgentInput: input } }),
      )

    expect((await choose('Why is my last invoice so high?')).next).toEqual([0])
    expect((await choose('Which features does the product have?')).next).toEqual([1])
  })

  it("classifies the question when no input is set, and reads Flowise's scenarios", async () => {
    const step = testStep(conditionAgentAgentflow, {
      inputs: { conditionAgentScenarios: scenarios },
      run: { question: 'Can I pay my billing by card?' },
    })
    expect((await runStep(conditionAgentAgentflow, step)).output.content).toBe(BILLING)
  })

  it('refuses an empty scenario', async () => {
    const step = testStep(conditionAgentAgentflow, {
      inputs: { scenarios: [{ scenario: BILLING }, { scenario: ' ' }] },
    })
    await expect(runStep(conditionAgentAgentflow, step)).rejects.toThrow(
      'Condition Agent: scenario 2 is empty; describe it or remove it.',
    )
  })
})
