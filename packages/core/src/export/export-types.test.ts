import { describe, expect, it } from 'vitest'
import { ALL_EXPORT_FLAGS, EXPORT_TYPES } from './export-types.js'

describe('export selection (SPEC §3)', () => {
  it('maps each label to its flag, as the SPEC lists them', () => {
    expect(Object.fromEntries(EXPORT_TYPES.map((t) => [t.label, t.flag]))).toEqual({
      Agentflows: 'agentflow',
      'Agentflows V2': 'agentflowv2',
      'Assistants Custom': 'assistantCustom',
      'Assistants OpenAI': 'assistantOpenAI',
      'Assistants Azure': 'assistantAzure',
      Chatflows: 'chatflow',
      'Chat Messages': 'chat_message',
      'Chat Feedbacks': 'chat_feedback',
      'Custom Templates': 'custom_template',
      'Document Stores': 'document_store',
      Executions: 'execution',
      Tools: 'tool',
      Variables: 'variable',
    })
    expect(ALL_EXPORT_FLAGS).toEqual(EXPORT_TYPES.map((t) => t.flag))
  })
})
