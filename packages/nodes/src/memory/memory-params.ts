import type { InputParam } from '@weft/core'

// Settings the chat memories share.

export const sessionIdParam: InputParam = {
  label: 'Session Id',
  name: 'sessionId',
  type: 'string',
  description: 'Keep a separate history per session; empty uses the chat id.',
  optional: true,
  additionalParams: true,
}

export const memoryKeyParam: InputParam = {
  label: 'Memory Key',
  name: 'memoryKey',
  type: 'string',
  description: 'The prompt variable that receives the history.',
  default: 'chat_history',
  additionalParams: true,
}
