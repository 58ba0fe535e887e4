import { explainToolName, readToolInputSchema, type SavedTool, type ToolJsonSchema } from '@weft/core'
import { defineNode, type RunScope } from '../define-node.js'
import type { DirectTool } from '../runtime/agent-tools.js'
import { readText } from '../runtime/read-input.js'
import { UserCodeError } from '../sandbox/run-user-code.js'
import { runToolFunction } from './run-tool-function.js'

/** The saved tool the node names, read from the run's workspace; fails naming the id it could not find. */
async function readSavedTool(scope: RunScope, id: string): Promise<SavedTool> {
  if (!scope.savedTools) throw new Error('Saved tools cannot be read here: write the tool in the node instead.')
  const tool = await scope.savedTools.get(id)
  if (!tool) {
    throw new Error(
      `Select Tool: the saved tool ${id} no longer exists in this workspace: pick another tool or write one in the node.`,
    )
  }
  return tool
}

/** The Input Schema grid when it lists any argument, else the saved tool's schema; either must read. */
function inputSchemaOf(inline: unknown, saved: SavedTool | undefined): ToolJsonSchema {
  const fromNode = readToolInputSchema(inline)
  if (fromNode.error !== undefined) throw new Error(`Input Schema ${fromNode.error}`)
  if (!saved || Object.keys(fromNode.schema.properties).length > 0) return fromNode.schema
  const fromTool = readToolInputSchema(saved.schema)
  if (fromTool.error !== undefined) throw new Error(`The schema of the saved tool ${saved.name} ${fromTool.error}`)
  return fromTool.schema
}

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
        label: 'Select Tool',
        name: 'selectedTool',
        type: 'asyncOptions',
        loadMethod: 'listSavedTools',
        description: 'A tool saved on the Tools page. The fields below, when filled in, override its parts.',
        optional: true,
      },
      {
        label: 'Tool Name',
        name: 'customToolName',
        type: 'string',
        description: 'Lower case words joined by underscores; the agent calls the tool by it.',
        placeholder: 'get_order_status',
        optional: true,
      },
      {
        label: 'Tool Description',
        name: 'customToolDesc',
        type: 'string',
        rows: 3,
        description: 'Tells the agent when to use the tool.',
        placeholder: 'Looks up the delivery status of an order by its number',
        optional: true,
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
        optional: true,
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
    // As in Flowise, a field filled in on the node overrides that part of the selected saved tool.
    const selected = readText(inputs.selectedTool).trim()
    const saved = selected ? await readSavedTool(scope, selected) : undefined
    const name = readText(inputs.customToolName).trim() || saved?.name || ''
    const nameProblem = explainToolName(name)
    if (nameProblem) throw new Error(`Tool Name "${name}" ${nameProblem}.`)
    const code = readText(inputs.customToolFunc).trim() ? readText(inputs.customToolFunc) : (saved?.func ?? '')
    if (!code.trim()) throw new Error('JavaScript Function is empty: write the code the tool runs.')
    return {
      kind: 'tool',
      name,
      description: readText(inputs.customToolDesc).trim() || saved?.description.trim() || name,
      inputSchema: inputSchemaOf(inputs.customToolSchema, saved),
      returnDirect: inputs.returnDirect === true || inputs.returnDirect === 'true',
      execute: async (input, signal) => {
        try {
          return await runToolFunction(code, input, scope, signal)
        } catch (error) {
          // The agent reads the failure as the tool's answer, and the user sees it under tools used.
          if (error instanceof UserCodeError) return `${name} failed. ${error.message}`
          throw error
        }
      },
    }
  },
})
