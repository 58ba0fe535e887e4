import type { InputParam } from '@weft/core'

// The pieces sequential agent nodes share.

/** Every node of a sequential flow that may come before another. */
const PREVIOUS_NODE_CLASSES = ['Start', 'Agent', 'Condition', 'LLMNode', 'ToolNode', 'CustomFunction', 'ExecuteFlow']

/** The anchor that links a sequential node to the nodes that run before it. */
export const sequentialNodeAnchor: InputParam = {
  label: 'Start | Agent | Condition | LLM | Tool Node | Custom Function | Execute Flow',
  name: 'sequentialNode',
  type: PREVIOUS_NODE_CLASSES.join(' | '),
  list: true,
}

export const overrideModelAnchor: InputParam = {
  label: 'Chat Model',
  name: 'model',
  type: 'BaseChatModel',
  description: 'Use this model here instead of the one connected to Start.',
  optional: true,
}

export const systemPromptParam = (placeholder: string): InputParam => ({
  label: 'System Prompt',
  name: 'systemMessagePrompt',
  type: 'string',
  rows: 4,
  placeholder,
  optional: true,
})

export const humanPromptParam: InputParam = {
  label: 'Human Prompt',
  name: 'humanMessagePrompt',
  type: 'string',
  rows: 4,
  description: 'Added to the conversation as a human message before this node runs.',
  optional: true,
  additionalParams: true,
}

export const sequentialPromptValuesParam: InputParam = {
  label: 'Format Prompt Values',
  name: 'promptValues',
  type: 'json',
  description: 'Values for the {variables} of the prompts, e.g. { "topic": "$flow.state.topic" }.',
  optional: true,
  acceptVariable: true,
  list: true,
  additionalParams: true,
}

/** Human approval before tools run, with the texts of the question and its two buttons. */
export const approvalParams: InputParam[] = [
  {
    label: 'Require Approval',
    name: 'interrupt',
    type: 'boolean',
    description: 'Ask the user to approve each tool call before it runs.',
    optional: true,
  },
  {
    label: 'Approval Prompt',
    name: 'approvalPrompt',
    type: 'string',
    rows: 4,
    default: 'You are about to execute tool: {tools}. Ask if user want to proceed',
    optional: true,
    additionalParams: true,
    show: { interrupt: true },
  },
  {
    label: 'Approve Button Text',
    name: 'approveButtonText',
    type: 'string',
    default: 'Yes',
    optional: true,
    additionalParams: true,
    show: { interrupt: true },
  },
  {
    label: 'Reject Button Text',
    name: 'rejectButtonText',
    type: 'string',
    default: 'No',
    optional: true,
    additionalParams: true,
    show: { interrupt: true },
  },
]

/** How a node changes the flow state after it runs: a key/value table, or code returning an object. */
export const updateStateMemoryParam: InputParam = {
  label: 'Update State',
  name: 'updateStateMemory',
  type: 'tabs',
  tabIdentifier: 'selectedUpdateStateMemoryTab',
  default: 'updateStateMemoryUI',
  optional: true,
  additionalParams: true,
  tabs: [
    {
      label: 'Update State (Table)',
      name: 'updateStateMemoryUI',
      type: 'datagrid',
      description: 'Set state keys to values such as $flow.output.content.',
      datagrid: [
        { field: 'key', headerName: 'Key', editable: true, flex: 1 },
        { field: 'value', headerName: 'Value', editable: true, flex: 1 },
      ],
      optional: true,
    },
    {
      label: 'Update State (Code)',
      name: 'updateStateMemoryCode',
      type: 'code',
      description: 'Return an object whose keys replace those of the state.',
      default: 'return {\n  // user: $flow.output.content\n}',
      optional: true,
    },
  ],
}
