import { defineNode } from '../define-node.js'
import { readSequentialState } from './sequential-state.js'

export default defineNode({
  descriptor: {
    label: 'State',
    name: 'seqState',
    version: 1,
    type: 'State',
    category: 'Sequential Agents',
    description: 'Declare the values every node of the flow can read and update, with their defaults.',
    icon: 'seqState.svg',
    color: '#BF64C4',
    baseClasses: ['State'],
    canvases: ['sequential'],
    inputs: [
      {
        label: 'Custom State',
        name: 'stateMemory',
        type: 'tabs',
        tabIdentifier: 'selectedStateTab',
        default: 'stateMemoryUI',
        tabs: [
          {
            label: 'Custom State (Table)',
            name: 'stateMemoryUI',
            type: 'datagrid',
            description: 'Replace overwrites a key on update; Append adds to its list.',
            datagrid: [
              { field: 'key', headerName: 'Key', editable: true, flex: 1 },
              {
                field: 'type',
                headerName: 'Operation',
                type: 'singleSelect',
                valueOptions: ['Replace', 'Append'],
                editable: true,
              },
              { field: 'defaultValue', headerName: 'Default Value', editable: true, flex: 1 },
            ],
            optional: true,
            default: [],
          },
          {
            label: 'Custom State (Code)',
            name: 'stateMemoryCode',
            type: 'code',
            description: 'Return the state object: each key with its value and default.',
            default: 'return {\n  topic: { value: null, default: () => "" },\n}',
            optional: true,
          },
        ],
      },
    ],
  },
  // A component, not a step: Start reads the state it declares.
  run: ({ inputs, scope }) => readSequentialState(inputs, scope.signal),
})
