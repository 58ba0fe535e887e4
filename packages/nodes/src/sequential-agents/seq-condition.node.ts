import type { StepContext, StepResult } from '../agent-flows/step.js'
import { defineNode } from '../define-node.js'
import { chooseSequentialOutput, sequentialConditionOutputs } from './condition-choice.js'
import { sequentialNodeAnchor } from './sequential-params.js'

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

export default defineNode({
  descriptor: {
    label: 'Condition',
    name: 'seqCondition',
    version: 1,
    type: 'Condition',
    category: 'Sequential Agents',
    description: 'Send the flow down one of several paths, by a table of rules or by code; End when none match.',
    icon: 'seqCondition.svg',
    color: '#6C43B1',
    baseClasses: ['Condition'],
    canvases: ['sequential'],
    inputs: [
      { label: 'Condition Name', name: 'conditionName', type: 'string', placeholder: 'If the user agrees' },
      sequentialNodeAnchor,
      {
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
              {
                field: 'operation',
                headerName: 'Operation',
                type: 'singleSelect',
                valueOptions: OPERATIONS,
                editable: true,
              },
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
      },
    ],
  },
  step: conditionStep,
})

/** Takes one output; the index it reports is that output's place among the handles the canvas draws. */
async function conditionStep(context: StepContext): Promise<StepResult> {
  const outputs = sequentialConditionOutputs(context.inputs)
  const chosen = await chooseSequentialOutput(context)
  const taken = outputs.indexOf(chosen)
  if (taken === -1) {
    throw new Error(`the condition chose "${chosen}", which is not one of its outputs: ${outputs.join(', ')}.`)
  }
  const conditions = outputs.map((output, index) => ({ output, isFulfilled: index === taken }))
  return { output: { content: chosen, conditions }, next: [taken] }
}
