import { defineReactAgent, maxIterationsParam } from './react-agent-node.js'

const DEFAULT_SYSTEM = [
  'You are a helpful assistant that talks with people about a wide range of topics, answering simple',
  'questions and giving in-depth explanations alike. You answer in a natural, friendly way, and you use',
  'the tools you are given when they help you answer.',
].join('\n')

export default defineReactAgent({
  label: 'Conversational Agent',
  name: 'conversationalAgent',
  description: 'A chat agent that remembers the conversation and picks tools by writing a JSON action.',
  color: '#5B35AB',
  format: 'json',
  extraInputs: [
    {
      label: 'System Message',
      name: 'systemMessage',
      type: 'string',
      rows: 4,
      default: DEFAULT_SYSTEM,
      optional: true,
      additionalParams: true,
    },
    maxIterationsParam,
  ],
  defaultSystem: DEFAULT_SYSTEM,
})
