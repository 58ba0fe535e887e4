import { defineNode } from '../define-node.js'
import type { DirectTool } from '../runtime/agent-tools.js'
import { dollarGlobals, flowGlobals } from '../runtime/flow-globals.js'
import { readText } from '../runtime/read-input.js'
import { runUserCode, UserCodeError } from '../sandbox/run-user-code.js'
import { toolInputSchema } from './tool-input-schema.js'

/** What model APIs accept as a tool name. */
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/

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
  run: async ({ inputs, scope }): Promise<DirectTool> => {
    const name = readText(inputs.customToolName).trim()
    if (!TOOL_NAME.test(name)) {
      throw new Error(
        `Tool Name "${name}" cannot be used: write up to 64 letters, digits, _ or -, e.g. get_order_status.`,
      )
    }
    const code = readText(inputs.customToolFunc)
    if (!code.trim()) throw new Error('JavaScript Function is empty: write the code the tool runs.')
    return {
      kind: 'tool',
      name,
      description: readText(inputs.customToolDesc).trim() || name,
      inputSchema: toolInputSchema(inputs.customToolSchema),
      returnDirect: inputs.returnDirect === true || inputs.returnDirect === 'true',
      execute: async (input, signal) => {
        // The model chose these names; ones the code could not write as $name are left out.
        const properties = Object.fromEntries(Object.entries(input).filter(([key]) => IDENTIFIER.test(key)))
        const globals = { ...dollarGlobals(properties, name), $input: input, ...flowGlobals(scope) }
        try {
          const result = await runUserCode(code, globals, { signal })
          return typeof result === 'string' ? result : (JSON.stringify(result) ?? '')
        } catch (error) {
          // The agent reads the failure as the tool's answer, and the user sees it under tools used.
          if (error instanceof UserCodeError) return `${name} failed. ${error.message}`
          throw error
        }
      },
    }
  },
})
