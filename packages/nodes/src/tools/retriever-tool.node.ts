import { TOOL_NAME_PATTERN } from '@weft/core'
import { defineNode } from '../define-node.js'
import { requireRetriever } from '../documents/retriever.js'
import type { Tool } from '../providers/chat-model.js'
import { readBoolean } from '../providers/node-inputs.js'
import { readText } from '../runtime/read-input.js'

const INPUT_SCHEMA = {
  type: 'object',
  properties: { input: { type: 'string', description: 'What to search for, in a few words.' } },
  required: ['input'],
}

export default defineNode({
  descriptor: {
    label: 'Retriever Tool',
    name: 'retrieverTool',
    version: 1,
    type: 'RetrieverTool',
    category: 'Tools',
    description: 'Let an agent search your documents through a vector store retriever.',
    icon: 'retrieverTool.svg',
    color: '#1B6A7E',
    baseClasses: ['RetrieverTool', 'DynamicTool', 'Tool', 'StructuredTool', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'Retriever Name', name: 'name', type: 'string', placeholder: 'search_handbook' },
      {
        label: 'Retriever Description',
        name: 'description',
        type: 'string',
        rows: 3,
        description: 'Tells the agent when to search.',
        placeholder: 'Searches the employee handbook for policies on leave, travel and expenses',
      },
      { label: 'Retriever', name: 'retriever', type: 'BaseRetriever' },
      {
        label: 'Return Source Documents',
        name: 'returnSourceDocuments',
        type: 'boolean',
        optional: true,
      },
    ],
  },
  run: async ({ inputs, scope }): Promise<Tool> => {
    const name = readText(inputs.name).trim()
    if (!TOOL_NAME_PATTERN.test(name)) {
      throw new Error(
        `Retriever Name "${name}" cannot be used: write up to 64 letters, digits, _ or -, e.g. search_handbook.`,
      )
    }
    const description = readText(inputs.description).trim()
    if (description === '') throw new Error('Write a Retriever Description: it tells the agent when to search.')
    const retriever = requireRetriever(inputs.retriever, 'Retriever')
    const returnSources = readBoolean(inputs.returnSourceDocuments, false)
    return {
      kind: 'tool',
      name,
      description,
      inputSchema: INPUT_SCHEMA,
      execute: async (input, signal) => {
        const documents = await retriever.retrieve(readText(input.input), signal)
        if (returnSources && documents.length) scope.emit({ event: 'sourceDocuments', data: documents })
        return documents.length
          ? documents.map((document) => document.pageContent).join('\n\n')
          : 'No passages were found.'
      },
    }
  },
})
