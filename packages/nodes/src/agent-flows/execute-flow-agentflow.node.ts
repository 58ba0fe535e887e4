import { defineNode, notRunnableYet } from '../define-node.js'
import { returnResponseAsParam, updateStateParam } from './step-params.js'

export default defineNode({
  descriptor: {
    label: 'Execute Flow',
    name: 'executeFlowAgentflow',
    version: 1,
    type: 'ExecuteFlow',
    category: 'Agent Flows',
    description: "Run another saved flow with an input, and use its answer as this step's output.",
    icon: 'executeFlowAgentflow.svg',
    color: '#73C030',
    baseClasses: ['ExecuteFlow'],
    canvases: ['agentflowV2'],
    inputs: [
      { label: 'Select Flow', name: 'executeFlowSelectedFlow', type: 'asyncOptions', loadMethod: 'listFlows' },
      {
        label: 'Input',
        name: 'executeFlowInput',
        type: 'string',
        rows: 4,
        default: '{{ question }}',
        acceptVariable: true,
      },
      {
        label: 'Override Config',
        name: 'executeFlowOverrideConfig',
        type: 'json',
        description: 'Settings of the called flow to override, as in the prediction API.',
        optional: true,
      },
      {
        label: 'Base URL',
        name: 'executeFlowBaseURL',
        type: 'string',
        description: 'Call the flow on another Weft server instead of this one.',
        placeholder: 'http://localhost:3000',
        optional: true,
      },
      returnResponseAsParam('executeFlowReturnResponseAs'),
      updateStateParam('executeFlowUpdateState'),
    ],
  },
  run: notRunnableYet,
})
