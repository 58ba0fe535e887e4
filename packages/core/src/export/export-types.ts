/** SPEC §3 export selection: the label shown and the flag sent. */
export const EXPORT_TYPES = [
  { label: 'Agentflows', flag: 'agentflow' },
  { label: 'Agentflows V2', flag: 'agentflowv2' },
  { label: 'Assistants Custom', flag: 'assistantCustom' },
  { label: 'Assistants OpenAI', flag: 'assistantOpenAI' },
  { label: 'Assistants Azure', flag: 'assistantAzure' },
  { label: 'Chatflows', flag: 'chatflow' },
  { label: 'Chat Messages', flag: 'chat_message' },
  { label: 'Chat Feedbacks', flag: 'chat_feedback' },
  { label: 'Custom Templates', flag: 'custom_template' },
  { label: 'Document Stores', flag: 'document_store' },
  { label: 'Executions', flag: 'execution' },
  { label: 'Tools', flag: 'tool' },
  { label: 'Variables', flag: 'variable' },
] as const

export type ExportFlag = (typeof EXPORT_TYPES)[number]['flag']

/** Every export flag, in the order the dialog lists them. */
export const ALL_EXPORT_FLAGS: ExportFlag[] = EXPORT_TYPES.map((type) => type.flag)
