import type { NodeDefinition } from '../../define-node.js'
import { testStep, type TestStep, type TestStepOptions } from '../../agent-flows/testing/test-step.js'
import type { MockOpenAIServer } from '../../testing/mock-openai-server.js'

/**
 * A test step of a sequential node whose `model` input holds a chat model built against the mock
 * server, as the engine hands over the model connected to the node (or to Start).
 */
export async function withMockModel(
  definition: NodeDefinition,
  server: MockOpenAIServer,
  inputs: Record<string, unknown>,
  options: TestStepOptions = {},
): Promise<TestStep> {
  const step = testStep(definition, { allowedUrls: [server.url], ...options, inputs })
  step.context.inputs.model = await step.context.run.chatModel('chatOpenAICustom', {
    basePath: server.baseURL,
    modelName: 'mock-model',
  })
  return step
}
