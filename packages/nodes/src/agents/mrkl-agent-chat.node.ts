import { defineReactAgent, maxIterationsParam } from './react-agent-node.js'

// Flowise's earlier name of the ReAct agent for chat models, kept by older flows and templates.
export default defineReactAgent({
  label: 'MRKL Agent for Chat Models',
  name: 'mrklAgentChat',
  description: 'The ReAct agent under its earlier name: reasons in writing and calls tools until it can answer.',
  color: '#A7367B',
  format: 'text',
  extraInputs: [maxIterationsParam],
  defaultSystem: '',
})
