import type { FlowTemplate } from '@weft/core'
import { templateFlow } from './template-flow.js'

const system = (content: string) => [{ role: 'system', content }]

export function routeByCondition(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 120)
  const condition = flow.add('conditionAgentflow', 260, 110, {
    conditions: [{ type: 'string', value1: '{{ question }}', operation: 'contains', value2: 'price' }],
  })
  const sales = flow.add(
    'llmAgentflow',
    560,
    0,
    { llmMessages: system('You answer questions about prices and plans.') },
    'Sales answer',
  )
  const support = flow.add(
    'llmAgentflow',
    560,
    240,
    { llmMessages: system('You help with everything else.') },
    'General answer',
  )
  flow.follow(start, condition)
  flow.follow(condition, sales, 0)
  flow.follow(condition, support, 1)
  return {
    id: 'route-by-condition',
    templateName: 'Route by Condition',
    description: 'Send questions that mention prices to one step and everything else to another, with a Condition.',
    type: 'AgentflowV2',
    categories: ['Start', 'Condition', 'LLM'],
    usecases: ['Customer Support', 'Getting Started'],
    badge: 'NEW',
    flowData: JSON.stringify(flow.build()),
  }
}
