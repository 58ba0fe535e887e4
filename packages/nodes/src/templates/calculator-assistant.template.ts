import type { FlowTemplate } from '@weft/core'
import { templateFlow } from './template-flow.js'

/** What a custom assistant builds: a tool agent with memory and a tool, ready to take more tools. */
export function calculatorAssistant(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const memory = flow.add('bufferMemory', 0, 480)
  const calculator = flow.add('calculator', 0, 760)
  const agent = flow.add('toolAgent', 460, 300, {
    systemMessage: 'You are a helpful assistant. Use the calculator for any arithmetic.',
  })
  flow.connect(model, agent, 'model')
  flow.connect(memory, agent, 'memory')
  flow.connect(calculator, agent, 'tools')
  return {
    id: 'calculator-assistant',
    templateName: 'Tool-using Assistant',
    description: 'An assistant that remembers the chat and calls tools: a tool agent with memory and a calculator.',
    type: 'Chatflow',
    categories: ['Tool Agent', 'Buffer Memory', 'Calculator'],
    usecases: ['Assistant', 'Agent'],
    flowData: JSON.stringify(flow.build()),
  }
}
