import { defineNode, notRunnableYet } from '../define-node.js'
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
  run: notRunnableYet,
})
