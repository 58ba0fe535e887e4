import type { FlowTemplate } from '@weft/core'
import { templateFlow } from './template-flow.js'

export function simpleLlmChain(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 80, 80)
  const prompt = flow.add('promptTemplate', 80, 560, {
    template: 'You are a friendly guide. Answer in two sentences: {question}',
  })
  const chain = flow.add('llmChain', 520, 260)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  return {
    id: 'simple-llm-chain',
    templateName: 'Simple LLM Chain',
    description: 'A prompt template and a chat model joined by an LLM chain: the smallest flow that answers.',
    type: 'Chatflow',
    categories: ['Built-in Responder', 'Prompt Template', 'LLM Chain'],
    usecases: ['Getting Started'],
    badge: 'NEW',
    flowData: JSON.stringify(flow.build()),
  }
}
