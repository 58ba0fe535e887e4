import { parseRows, toolNameOfTitle, uniqueToolName, type SourceDocument } from '@weft/core'
import type { Tool } from '../providers/chat-model.js'
import { readBoolean, readString } from '../providers/node-inputs.js'
import { readText } from '../runtime/read-input.js'
import type { StepContext } from './step.js'

// The Agent step's Knowledge (Document Stores): each picked store becomes a tool the model may call
// to search it, named after the store and described by the row's Describe Knowledge, as Flowise does.

const INPUT_SCHEMA = {
  type: 'object',
  properties: { input: { type: 'string', description: 'What to search for, in a few words.' } },
  required: ['input'],
}

/** The knowledge tools, and the documents they found that the step answers with (Return Source Documents). */
export interface KnowledgeTools {
  tools: Tool[]
  sourceDocuments: SourceDocument[]
}

/**
 * One tool per Knowledge (Document Stores) row. `takenNames` are the names of the step's other
 * tools: a store's name that clashes with one gets a number, so no two tools share a name.
 */
export function buildKnowledgeTools(context: StepContext, takenNames: readonly string[]): KnowledgeTools {
  rejectVectorEmbeddings(context)
  const taken = new Set(takenNames)
  const sourceDocuments: SourceDocument[] = []
  const shown = new Set<string>()
  /** Keeps the documents a tool found once each, and tells the caller of the ones not shown yet. */
  const collect = (documents: SourceDocument[]) => {
    const fresh = documents.filter((document) => {
      const key = JSON.stringify([document.pageContent, document.metadata])
      if (shown.has(key)) return false
      shown.add(key)
      return true
    })
    if (fresh.length === 0) return
    sourceDocuments.push(...fresh)
    context.run.emit({ event: 'sourceDocuments', data: fresh })
  }
  const tools = parseRows(context.inputs.agentKnowledgeDocumentStores).map((row, index): Tool => {
    const picked = readString(row.documentStore)
    if (!picked) throw new Error(`${context.label}: knowledge ${index + 1} has no document store chosen.`)
    const { storeId, storeName } = readStorePick(picked)
    const name = uniqueToolName(toolNameOfTitle(storeName) || `document_store_${index + 1}`, taken)
    taken.add(name)
    const description =
      readString(row.docStoreDescription) ??
      (storeName
        ? `Searches the document store "${storeName}" for passages about the input.`
        : 'Searches a document store of this workspace for passages about the input.')
    const returnSources = readBoolean(row.returnSourceDocuments, false)
    return {
      kind: 'tool',
      name,
      description,
      inputSchema: INPUT_SCHEMA,
      execute: async (input) => {
        const query = readText(input.input).trim()
        if (query === '') return 'Write what to search for in `input`.'
        const documents = await context.run.retrieve({ storeIds: [storeId], query })
        if (returnSources) collect(documents)
        return documents.length ? documentsText(documents) : 'No passages were found.'
      },
    }
  })
  return { tools, sourceDocuments }
}

/** Our canvas keeps the store's id; Flowise keeps `<id>:<name>`. Store ids are UUIDs, without colons. */
function readStorePick(picked: string): { storeId: string; storeName: string } {
  const colon = picked.indexOf(':')
  if (colon < 0) return { storeId: picked, storeName: '' }
  return { storeId: picked.slice(0, colon), storeName: picked.slice(colon + 1).trim() }
}

/** The passages for the model, each with the file it came from when the store recorded one. */
function documentsText(documents: SourceDocument[]): string {
  return documents
    .map(({ pageContent, metadata }) =>
      typeof metadata.source === 'string' && metadata.source
        ? `${pageContent}\n(source: ${metadata.source})`
        : pageContent,
    )
    .join('\n\n')
}

/**
 * Knowledge (Vector Embeddings) builds a vector store and an embedding model inside the step, which
 * steps cannot do yet: a flow that uses it fails with this message rather than answer without it.
 */
function rejectVectorEmbeddings(context: StepContext): void {
  const used = parseRows(context.inputs.agentKnowledgeVSEmbeddings).some((row) => readString(row.vectorStore))
  if (used) {
    throw new Error(
      `${context.label}: Knowledge (Vector Embeddings) is not supported yet; upsert the documents into a document store and pick it under Knowledge (Document Stores).`,
    )
  }
}
