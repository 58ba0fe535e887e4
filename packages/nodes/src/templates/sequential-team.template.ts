import type { FlowTemplate } from '@weft/core'
import { templateFlow } from './template-flow.js'

/** Sequential agents (Flowise's "Agentflow" kind): an agent with a calculator works the numbers, a writer answers. */
export function sequentialTeam(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const calculator = flow.add('calculator', 0, 420)
  const start = flow.add('seqStart', 400, 0)
  const analyst = flow.add('seqAgent', 800, 0, {
    agentName: 'Analyst',
    systemMessagePrompt: 'You work out any numbers in the question with the calculator.',
  })
  const writer = flow.add('seqLLMNode', 1200, 0, {
    llmNodeName: 'Writer',
    systemMessagePrompt: 'You write the final answer for the user in one short paragraph.',
  })
  const end = flow.add('seqEnd', 1600, 0)
  flow.connect(model, start, 'model')
  flow.connect(calculator, analyst, 'tools')
  flow.connect(start, analyst, 'sequentialNode')
  flow.connect(analyst, writer, 'sequentialNode')
  flow.connect(writer, end, 'sequentialNode')
  return {
    id: 'sequential-team',
    templateName: 'Analyst and Writer Team',
    description: 'Sequential agents: an analyst with a calculator works out the numbers, then a writer answers.',
    type: 'Agentflow',
    categories: ['Sequential Agents', 'Calculator'],
    usecases: ['Agent', 'Hierarchical Agent Teams'],
    badge: 'NEW',
    flowData: JSON.stringify(flow.build()),
  }
}
