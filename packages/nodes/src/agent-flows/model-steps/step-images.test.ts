import type { Upload } from '@weft/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../testing/mock-openai-server.js'
import agentAgentflow from '../agent-agentflow.node.js'
import llmAgentflow from '../llm-agentflow.node.js'
import { runStep, testStep } from '../testing/test-step.js'

// The agentflow V2 LLM and Agent steps send the run's images with the user's question when the
// picked chat model's Allow Image Uploads is on (Flowise's llmModelConfig / agentModelConfig).

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const image: Upload = { type: 'file', name: 'x.png', mime: 'image/png', data: `data:image/png;base64,${PNG}` }

let mock: MockOpenAIServer
beforeAll(async () => {
  mock = await startMockOpenAI({ defaultText: 'A dot.' })
})
afterAll(() => mock.close())

const modelConfig = (allowImageUploads: boolean) => ({
  basePath: mock.baseURL,
  modelName: 'gpt-4o',
  credential: 'cred-1',
  allowImageUploads,
  imageResolution: 'low',
})
const lastUser = () =>
  ((mock.requests.at(-1)?.body?.messages ?? []) as { role: string; content: unknown }[])
    .filter((message) => message.role === 'user')
    .at(-1)?.content

describe.each([
  ['LLM', llmAgentflow, 'llm'],
  ['Agent', agentAgentflow, 'agent'],
] as const)('the %s step', (_label, definition, prefix) => {
  const step = (allow: boolean) =>
    testStep(definition, {
      allowedUrls: [mock.url],
      credentials: { 'cred-1': { openAIApiKey: 'sk-test' } },
      run: { uploads: [image] },
      inputs: { [`${prefix}Model`]: 'chatOpenAI', [`${prefix}ModelConfig`]: modelConfig(allow) },
    })

  it('sends the image with the question when the model allows image uploads', async () => {
    await runStep(definition, step(true))
    expect(lastUser()).toEqual([
      { type: 'text', text: 'What is Weft?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}`, detail: 'low' } },
    ])
  })

  it('sends the question alone when it does not', async () => {
    await runStep(definition, step(false))
    expect(lastUser()).toBe('What is Weft?')
  })
})
