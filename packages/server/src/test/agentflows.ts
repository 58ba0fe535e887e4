import { agentflowData } from '../../../engine/src/testing/test-agentflow.js'
import type { MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'

/** An LLM step's model settings, pointed at the stand-in OpenAI server. */
export const mockModelStep = (mock: MockOpenAIServer, streaming = false) => ({
  llmModel: 'chatOpenAICustom',
  llmModelConfig: { basePath: mock.baseURL, modelName: 'mock-model', ...(streaming ? { streaming: true } : {}) },
  llmEnableMemory: false,
})

/**
 * Start and three LLM steps in a row, each asking the model with the answer before it: "one",
 * "two after <first answer>", "three after <second answer>", so the model's request log shows
 * which steps ran, and with what.
 */
export function threeModelSteps(mock: MockOpenAIServer, streaming = false) {
  const step = (id: string, content: string) => ({
    id,
    inputs: { ...mockModelStep(mock, streaming), llmMessages: [{ role: 'user', content }] },
  })
  return agentflowData(
    [
      { id: 'startAgentflow_0' },
      step('llmAgentflow_0', 'one'),
      step('llmAgentflow_1', 'two after {{ llmAgentflow_0 }}'),
      step('llmAgentflow_2', 'three after {{ llmAgentflow_1 }}'),
    ],
    [
      ['startAgentflow_0', 'llmAgentflow_0'],
      ['llmAgentflow_0', 'llmAgentflow_1'],
      ['llmAgentflow_1', 'llmAgentflow_2'],
    ],
  )
}
