import { TOOL_NAME_PATTERN } from '@weft/core'
import { defineNode } from '../define-node.js'
import type { Tool } from '../providers/chat-model.js'
import { readText } from '../runtime/read-input.js'
import { isQueryEngine, type QueryEngine } from './query-engine.js'

/** A query engine as a tool: the Sub Question Query Engine asks it, and so can an agent. */
export interface QueryEngineTool extends Tool {
  queryEngine: QueryEngine
}

export const isQueryEngineTool = (value: unknown): value is QueryEngineTool =>
  typeof value === 'object' && value !== null && isQueryEngine((value as QueryEngineTool).queryEngine)

const INPUT_SCHEMA = {
  type: 'object',
  properties: { input: { type: 'string', description: 'The question to ask.' } },
  required: ['input'],
}

export default defineNode({
  descriptor: {
    label: 'QueryEngine Tool',
    name: 'queryEngineToolLlamaIndex',
    version: 1,
    type: 'QueryEngineTool',
    category: 'Tools',
    description: 'Give a query engine a name and a description, so a Sub Question Query Engine can ask it.',
    icon: 'queryEngineToolLlamaIndex.svg',
    color: '#AC4068',
    baseClasses: ['QueryEngineTool', 'Tool_LlamaIndex', 'Tool'],
    tags: ['LlamaIndex'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Base QueryEngine', name: 'baseQueryEngine', type: 'BaseQueryEngine' },
      {
        label: 'Tool Name',
        name: 'toolName',
        type: 'string',
        description: 'Tool name must be small capital letter with underscore. Ex: my_tool',
      },
      { label: 'Tool Description', name: 'toolDesc', type: 'string', rows: 4 },
    ],
  },
  run: async ({ inputs }): Promise<QueryEngineTool> => {
    const queryEngine = inputs.baseQueryEngine
    if (!isQueryEngine(queryEngine)) throw new Error('QueryEngine Tool: connect a query engine to Base QueryEngine.')
    const name = readText(inputs.toolName).trim()
    if (!TOOL_NAME_PATTERN.test(name)) {
      throw new Error(
        `QueryEngine Tool: Tool Name "${name}" cannot be used: write letters, digits and _, e.g. my_tool.`,
      )
    }
    const description = readText(inputs.toolDesc).trim()
    if (!description) throw new Error('QueryEngine Tool: write a Tool Description; it says what the engine knows.')
    return {
      kind: 'tool',
      name,
      description,
      inputSchema: INPUT_SCHEMA,
      queryEngine,
      execute: async (input, signal) => (await queryEngine.query(readText(input.input), signal)).text,
    }
  },
})
