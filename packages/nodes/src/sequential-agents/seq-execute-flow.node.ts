import { defineNode, notRunnableYet } from '../define-node.js'
import { sequentialNodeAnchor } from './sequential-params.js'

export default defineNode({
  descriptor: {
    label: 'Execute Flow',
    name: 'seqExecuteFlow',
    version: 1,
    type: 'ExecuteFlow',
    category: 'Sequential Agents',
    description: 'Run another saved flow as one step and use its answer.',
    icon: 'seqExecuteFlow.svg',
    color: '#BC4E93',
    baseClasses: ['ExecuteFlow'],
    canvases: ['sequential'],
    inputs: [
      sequentialNodeAnchor,
      { label: 'Name', name: 'seqExecuteFlowName', type: 'string', placeholder: 'Ask the billing flow' },
      { label: 'Select Flow', name: 'selectedFlow', type: 'asyncOptions', loadMethod: 'listFlows' },
      {
        label: 'Input',
        name: 'seqExecuteFlowInput',
        type: 'options',
        options: [
          { label: 'User Question', name: 'userQuestion' },
          { label: 'Custom Input', name: 'customInput' },
        ],
        default: 'userQuestion',
      },
      {
        label: 'Custom Input',
        name: 'customInput',
        type: 'string',
        rows: 3,
        placeholder: 'Summarise: $flow.state.notes',
        acceptVariable: true,
        show: { seqExecuteFlowInput: 'customInput' },
      },
      {
        label: 'Override Config',
        name: 'overrideConfig',
        type: 'json',
        description: 'Settings of the called flow to override, as in the prediction API.',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Base URL',
        name: 'baseURL',
        type: 'string',
        description: 'Call the flow on another Weft server instead of this one.',
        placeholder: 'http://localhost:3000',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Return Value As',
        name: 'returnValueAs',
        type: 'options',
        options: [
          { label: 'AI Message', name: 'aiMessage' },
          { label: 'Human Message', name: 'humanMessage' },
          { label: 'State Object', name: 'stateObj' },
        ],
        default: 'aiMessage',
      },
    ],
  },
  run: notRunnableYet,
})
