import { defineNode, notRunnableYet } from '../define-node.js'

export default defineNode({
  descriptor: {
    label: 'Custom Tool',
    name: 'customTool',
    version: 1,
    type: 'CustomTool',
    category: 'Tools',
    description: 'A tool you write in JavaScript, run in a sandbox, with the arguments the agent fills in.',
    icon: 'customTool.svg',
    color: '#249BA8',
    baseClasses: ['CustomTool', 'Tool', 'StructuredTool', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Tool Name',
        name: 'customToolName',
        type: 'string',
        description: 'Lower case words joined by underscores; the agent calls the tool by it.',
        placeholder: 'get_order_status',
      },
      {
        label: 'Tool Description',
        name: 'customToolDesc',
        type: 'string',
        rows: 3,
        description: 'Tells the agent when to use the tool.',
        placeholder: 'Looks up the delivery status of an order by its number',
      },
      {
        label: 'Input Schema',
        name: 'customToolSchema',
        type: 'datagrid',
        description: 'The arguments the agent must provide.',
        optional: true,
        datagrid: [
          { field: 'property', headerName: 'Property', editable: true, flex: 1 },
          {
            field: 'type',
            headerName: 'Type',
            type: 'singleSelect',
            valueOptions: ['string', 'number', 'boolean', 'date'],
            editable: true,
          },
          { field: 'description', headerName: 'Description', editable: true, flex: 1 },
          { field: 'required', headerName: 'Required', type: 'boolean', editable: true },
        ],
        default: [],
      },
      {
        label: 'JavaScript Function',
        name: 'customToolFunc',
        type: 'code',
        description: 'Arguments are variables named $<property>; return a string.',
        placeholder: 'return `Order ${$orderId} ships tomorrow`',
      },
      {
        label: 'Return Direct',
        name: 'returnDirect',
        type: 'boolean',
        description: "Send the tool's result to the user as the answer.",
        optional: true,
        additionalParams: true,
      },
    ],
  },
  run: notRunnableYet,
})
