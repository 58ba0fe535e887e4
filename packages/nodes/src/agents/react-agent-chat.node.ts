import { defineReactAgent, maxIterationsParam } from './react-agent-node.js'

export default defineReactAgent({
  label: 'ReAct Agent for Chat Models',
  name: 'reactAgentChat',
  description: 'An agent that reasons step by step in writing (ReAct), calling tools until it can answer.',
  color: '#C42A30',
  format: 'text',
  extraInputs: [maxIterationsParam],
  defaultSystem: '',
})
