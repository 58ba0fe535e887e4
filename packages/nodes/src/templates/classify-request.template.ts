import type { FlowTemplate } from '@weft/core'
import { templateFlow } from './template-flow.js'

export function classifyRequest(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 140)
  const classify = flow.add('conditionAgentAgentflow', 260, 120, {
    conditionAgentInstructions: 'Decide whether the user reports a problem or asks a question.',
    conditionAgentInput: '{{ question }}',
    scenarios: [{ scenario: 'The user reports a problem' }, { scenario: 'The user asks a question' }],
  })
  const problem = flow.add('directReplyAgentflow', 600, 40, {
    directReplyMessage: 'Sorry to hear that. A teammate will look into it today.',
  })
  const answer = flow.add('llmAgentflow', 600, 240, {
    llmMessages: [{ role: 'system', content: 'Answer the question helpfully.' }],
  })
  flow.follow(start, classify)
  flow.follow(classify, problem, 0)
  flow.follow(classify, answer, 1)
  return {
    id: 'classify-request',
    templateName: 'Classify a Request',
    description: 'A Condition Agent sorts each message into a scenario, and each scenario gets its own reply.',
    type: 'AgentflowV2',
    categories: ['Start', 'Condition Agent', 'Direct Reply', 'LLM'],
    usecases: ['Customer Support'],
    flowData: JSON.stringify(flow.build()),
  }
}
