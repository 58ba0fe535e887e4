import type { InputParam } from '@weft/core'

// Params that several agentflow steps share; each takes the name its step stores it under.

/** The chat model a step calls, picked from the catalogue's chat model nodes. */
export const modelParam = (name: string): InputParam => ({
  label: 'Model',
  name,
  type: 'asyncOptions',
  loadMethod: 'listModels',
  default: 'chatOffline',
})

export const messagesParam = (name: string): InputParam => ({
  label: 'Messages',
  name,
  type: 'array',
  description: 'Messages sent before the conversation; they may use {{ }} variables.',
  optional: true,
  array: [
    {
      label: 'Role',
      name: 'role',
      type: 'options',
      options: [
        { label: 'System', name: 'system' },
        { label: 'Assistant', name: 'assistant' },
        { label: 'Developer', name: 'developer' },
        { label: 'User', name: 'user' },
      ],
      default: 'system',
    },
    { label: 'Content', name: 'content', type: 'string', rows: 4, acceptVariable: true, default: '' },
  ],
})

/** Whether a step sees the conversation so far, and how much of it. */
export const memoryParams = (prefix: string): InputParam[] => [
  {
    label: 'Enable Memory',
    name: `${prefix}EnableMemory`,
    type: 'boolean',
    description: 'Send the conversation so far along with the messages.',
    default: true,
    optional: true,
  },
  {
    label: 'Memory Type',
    name: `${prefix}MemoryType`,
    type: 'options',
    options: [
      { label: 'All Messages', name: 'allMessages' },
      { label: 'Window Size', name: 'windowSize', description: 'Only the last N messages.' },
      { label: 'Conversation Summary', name: 'conversationSummary', description: 'A running summary.' },
    ],
    default: 'allMessages',
    optional: true,
    show: { [`${prefix}EnableMemory`]: true },
  },
  {
    label: 'Window Size',
    name: `${prefix}MemoryWindowSize`,
    type: 'number',
    step: 1,
    default: 20,
    optional: true,
    show: { [`${prefix}MemoryType`]: 'windowSize' },
  },
  {
    label: 'Input Message',
    name: `${prefix}UserMessage`,
    type: 'string',
    rows: 4,
    description: 'Added as the user message; empty uses the question.',
    acceptVariable: true,
    optional: true,
    show: { [`${prefix}EnableMemory`]: true },
  },
]

export const returnResponseAsParam = (name: string): InputParam => ({
  label: 'Return Response As',
  name,
  type: 'options',
  options: [
    { label: 'User Message', name: 'userMessage' },
    { label: 'Assistant Message', name: 'assistantMessage' },
  ],
  default: 'userMessage',
})

/** Keys of the flow state a step sets after it runs, e.g. to {{ output }}. */
export const updateStateParam = (name: string): InputParam => ({
  label: 'Update Flow State',
  name,
  type: 'array',
  description: 'Set keys of the flow state after this step runs.',
  optional: true,
  array: [
    { label: 'Key', name: 'key', type: 'string', placeholder: 'summary' },
    { label: 'Value', name: 'value', type: 'string', acceptVariable: true, default: '{{ output }}' },
  ],
})
