import { TOOL_NAME_PATTERN } from '@weft/core'
import { defineNode, isAnswerer } from '../define-node.js'
import type { DirectTool } from '../runtime/agent-tools.js'
import { readBoolean } from '../providers/node-inputs.js'
import { readText } from '../runtime/read-input.js'

const INPUT_SCHEMA = {
  type: 'object',
  properties: { input: { type: 'string', description: 'The question to ask the chain.' } },
  required: ['input'],
}

/**
 * A chain the agent can ask: each call asks the connected chain again with the agent's question, as
 * its own quiet run (its tokens do not reach the user; the documents it found do).
 */
export default defineNode({
  descriptor: {
    label: 'Chain Tool',
    name: 'chainTool',
    version: 1,
    type: 'ChainTool',
    category: 'Tools',
    description: 'Let an agent ask a chain questions, such as a Retrieval QA Chain over your documents.',
    icon: 'chainTool.svg',
    color: '#8D892F',
    baseClasses: ['ChainTool', 'DynamicTool', 'Tool', 'StructuredTool', 'Runnable'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Chain Name', name: 'name', type: 'string', placeholder: 'state-of-union-qa' },
      {
        label: 'Chain Description',
        name: 'description',
        type: 'string',
        rows: 3,
        description: 'Tells the agent when to ask the chain.',
        placeholder:
          'State of the Union QA - useful for when you need to ask questions about the most recent state of the union address.',
      },
      { label: 'Return Direct', name: 'returnDirect', type: 'boolean', optional: true },
      { label: 'Base Chain', name: 'baseChain', type: 'BaseChain' },
    ],
  },
  run: async ({ inputs, scope }): Promise<DirectTool> => {
    const name = readText(inputs.name).trim()
    if (!TOOL_NAME_PATTERN.test(name)) {
      throw new Error(`Chain Tool: Chain Name "${name}" cannot be used: write up to 64 letters, digits, _ or -.`)
    }
    const description = readText(inputs.description).trim()
    if (!description)
      throw new Error('Chain Tool: write a Chain Description; it tells the agent when to ask the chain.')
    const chain = inputs.baseChain
    if (!isAnswerer(chain)) throw new Error('Chain Tool: connect a chain to Base Chain.')
    return {
      kind: 'tool',
      name,
      description,
      inputSchema: INPUT_SCHEMA,
      returnDirect: readBoolean(inputs.returnDirect, false),
      execute: async (input, signal) => {
        const question = readText(input.input).trim() || scope.question
        const answer = await chain.answer({
          ...scope,
          question,
          history: [],
          streaming: false,
          signal,
          emit: (event) => {
            if (event.event === 'sourceDocuments') scope.emit(event)
          },
        })
        return answer.text
      },
    }
  },
})
