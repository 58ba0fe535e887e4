import type { FlowTemplate } from '@weft/core'
import { templateFlow } from './template-flow.js'

const system = (content: string) => [{ role: 'system', content }]

export function draftAndRefine(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 100)
  const draft = flow.add('llmAgentflow', 260, 90, { llmMessages: system('Write a first draft answering the question.') }, 'Draft')
  const refine = flow.add(
    'llmAgentflow',
    520,
    90,
    { llmMessages: system('Improve this draft, keep it short: {{ llmAgentflow_0 }}') },
    'Refine',
  )
  const reply = flow.add('directReplyAgentflow', 780, 100, { directReplyMessage: '{{ llmAgentflow_1 }}' })
  flow.follow(start, draft)
  flow.follow(draft, refine)
  flow.follow(refine, reply)
  return {
    id: 'draft-and-refine',
    templateName: 'Draft and Refine',
    description: 'Two model steps in a row: one writes a draft, the next improves it, then the answer is sent.',
    type: 'AgentflowV2',
    categories: ['Start', 'LLM', 'Direct Reply'],
    usecases: ['Content Creation'],
    flowData: JSON.stringify(flow.build()),
  }
}
