import { failure } from '@weft/core'
import type { SourceDocument } from '@weft/core'
import { defineNode } from '../define-node.js'
import { isRecord } from '../runtime/read-input.js'
import { stepText, streamIfLast } from './plain-steps/step-text.js'
import type { StepContext, StepResult } from './step.js'
import { updateStateParam } from './step-params.js'

/**
 * One picked store as its id. Our canvas keeps the id; Flowise keeps `<id>:<name>`, and inside rows
 * `{ documentStore: '<id>:<name>' }`. Store ids are UUIDs, so the id ends at the first colon.
 */
function storeIdOf(item: unknown): string {
  const value = isRecord(item) ? (item.documentStore ?? item.id) : item
  return stepText(value).trim().split(':')[0]!
}

/** The picked stores: a list, or its JSON text as multi-option inputs are often saved, or one id. */
function readStoreIds(raw: unknown): string[] {
  let items = raw
  if (typeof raw === 'string') {
    try {
      items = JSON.parse(raw)
    } catch {
      items = [raw]
    }
  }
  const ids = (Array.isArray(items) ? items : [items]).map(storeIdOf).filter((id) => id !== '')
  return [...new Set(ids)]
}

function documentsText(documents: SourceDocument[], withMetadata: boolean): string {
  return documents
    .map(({ pageContent, metadata }) =>
      withMetadata ? `${pageContent}\nMetadata: ${JSON.stringify(metadata)}` : pageContent,
    )
    .join('\n\n')
}

/** Finds the passages matching the query in the picked stores; their text is the output. */
async function retrieverStep(context: StepContext): Promise<StepResult> {
  const { inputs, run } = context
  const storeIds = readStoreIds(inputs.retrieverKnowledgeDocumentStores)
  if (storeIds.length === 0)
    throw failure('configuration', 'Knowledge (Document Stores) is empty: pick the stores to search.')
  const query = stepText(inputs.retrieverQuery).trim() || run.question
  const sourceDocuments = await run.retrieve({ storeIds, query })
  if (sourceDocuments.length) run.emit({ event: 'sourceDocuments', data: sourceDocuments })
  const content = documentsText(sourceDocuments, inputs.outputFormat === 'textWithMetadata')
  streamIfLast(context, content)
  return { output: { content, sourceDocuments } }
}

export default defineNode({
  descriptor: {
    label: 'Retriever',
    name: 'retrieverAgentflow',
    version: 1,
    type: 'Retriever',
    category: 'Agent Flows',
    description: 'Find the passages of your document stores that match a query.',
    icon: 'retrieverAgentflow.svg',
    color: '#C09930',
    baseClasses: ['Retriever'],
    canvases: ['agentflowV2'],
    inputs: [
      {
        label: 'Knowledge (Document Stores)',
        name: 'retrieverKnowledgeDocumentStores',
        type: 'asyncMultiOptions',
        loadMethod: 'listStores',
        description: 'The document stores to search.',
      },
      {
        label: 'Retriever Query',
        name: 'retrieverQuery',
        type: 'string',
        rows: 4,
        default: '{{ question }}',
        acceptVariable: true,
      },
      {
        label: 'Output Format',
        name: 'outputFormat',
        type: 'options',
        options: [
          { label: 'Text', name: 'text' },
          { label: 'Text with Metadata', name: 'textWithMetadata' },
        ],
        default: 'text',
      },
      updateStateParam('retrieverUpdateState'),
    ],
  },
  step: retrieverStep,
})
