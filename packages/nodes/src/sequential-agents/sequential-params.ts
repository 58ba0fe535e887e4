import { parseRows, type InputParam } from '@weft/core'

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

/** Flowise's Conversation History choices: which turns go between the System and Human prompts. */
export const conversationHistoryParam: InputParam = {
  label: 'Conversation History',
  name: 'conversationHistorySelection',
  type: 'options',
  options: [
    { label: 'User Question', name: 'user_question', description: 'Only the latest question of the user.' },
    { label: 'Last Conversation Message', name: 'last_message', description: 'Only the last message.' },
    { label: 'All Conversation Messages', name: 'all_messages', description: 'Every message so far.' },
    { label: 'Empty', name: 'empty', description: 'No messages: the prompts alone.' },
  ],
  default: 'all_messages',
  optional: true,
  additionalParams: true,
}

/** A "JSON Structured Output" table (Flowise's V1): the keys the model must answer with. */
export const structuredOutputGrid = (name: string): InputParam => ({
  label: 'JSON Structured Output',
  name,
  type: 'datagrid',
  description: 'Make the model answer with these keys.',
  optional: true,
  additionalParams: true,
  datagrid: [
    { field: 'key', headerName: 'Key', editable: true },
    {
      field: 'type',
      headerName: 'Type',
      type: 'singleSelect',
      valueOptions: Object.keys(V1_TYPES),
      editable: true,
    },
    { field: 'enumValues', headerName: 'Enum Values', editable: true },
    { field: 'description', headerName: 'Description', editable: true, flex: 1 },
  ],
  default: [],
})

/** The table's types as the canvas shows them (Flowise's V1) → the structured output's type names. */
const V1_TYPES: Record<string, string> = {
  String: 'string',
  'String Array': 'stringArray',
  Number: 'number',
  Boolean: 'boolean',
  Enum: 'enum',
}

/** A structured output table's rows with the V2 type names the structured output reads. */
export const v1StructuredRows = (raw: unknown) =>
  parseRows(raw).map((row) =>
    typeof row.type === 'string' && V1_TYPES[row.type] ? { ...row, type: V1_TYPES[row.type] } : row,
  )

const OPERATIONS = [
  'Contains',
  'Not Contains',
  'Start With',
  'End With',
  'Is',
  'Is Not',
  'Is Empty',
  'Not Empty',
  'Greater Than',
  'Less Than',
  'Equal To',
  'Not Equal To',
  'Greater Than or Equal To',
  'Less Than or Equal To',
]

/**
 * A sequential condition's rules: a table whose first holding row picks its output, or code that
 * returns the output's name; each output becomes a handle, and End is always one.
 */
export const conditionTabsParam: InputParam = {
  label: 'Condition',
  name: 'conditionUI',
  type: 'tabs',
  tabIdentifier: 'selectedConditionTab',
  default: 'conditions',
  tabs: [
    {
      label: 'Condition (Table)',
      name: 'conditions',
      type: 'datagrid',
      description: 'The first matching row picks its output; each output becomes a handle.',
      datagrid: [
        { field: 'variable', headerName: 'Variable', editable: true, flex: 1 },
        { field: 'operation', headerName: 'Operation', type: 'singleSelect', valueOptions: OPERATIONS, editable: true },
        { field: 'value', headerName: 'Value', editable: true, flex: 1 },
        { field: 'output', headerName: 'Output Name', editable: true },
      ],
      default: [],
    },
    {
      label: 'Condition (Code)',
      name: 'conditionFunction',
      type: 'conditionFunction',
      description: 'Return the name of the output to take; each returned name becomes a handle.',
      default:
        'const last = $flow.output.content ?? ""\nif (last.includes("yes")) {\n  return "Agree"\n}\nreturn "End"',
    },
  ],
}
