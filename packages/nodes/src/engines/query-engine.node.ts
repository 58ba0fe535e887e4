import { defineNode } from '../define-node.js'
import { requireRetriever } from '../documents/retriever.js'
import { readBoolean } from '../providers/node-inputs.js'
import { requireChatModel } from '../runtime/answer.js'
import { engineModelParam, queryEngineOf, returnSourcesParam, type QueryEngine } from './query-engine.js'
import { DEFAULT_SYNTHESIZER, isResponseSynthesizer, responseSynthesizerParam } from './response-synthesizer.js'
import { synthesize } from './synthesize.js'

export default defineNode({
  descriptor: {
    label: 'Query Engine',
    name: 'queryEngine',
    version: 1,
    type: 'QueryEngine',
    category: 'Engine',
    description: 'Answer questions over your documents with a response synthesizer, without memory.',
    icon: 'queryEngine.svg',
    color: '#3CB06C',
    baseClasses: ['QueryEngine', 'BaseQueryEngine'],
    tags: ['LlamaIndex'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Vector Store Retriever', name: 'vectorStoreRetriever', type: 'BaseRetriever' },
      {
        ...engineModelParam,
        description:
          'Writes the answer; empty: the chat model connected to the LlamaIndex vector store, as in Flowise.',
      },
      responseSynthesizerParam,
      returnSourcesParam,
    ],
  },
  run: async ({ inputs }): Promise<QueryEngine> => {
    const retriever = requireRetriever(inputs.vectorStoreRetriever, 'Vector Store Retriever')
    // Flowise's LlamaIndex vector stores carry the model; one connected here wins.
    const model = requireChatModel(inputs.model ?? retriever.model, 'Chat Model')
    const synthesizer = isResponseSynthesizer(inputs.responseSynthesizer)
      ? inputs.responseSynthesizer
      : DEFAULT_SYNTHESIZER
    return queryEngineOf(
      async (question, call) => {
        const documents = await retriever.retrieve(question, call.signal)
        const passages = documents.map((document) => document.pageContent)
        const { text, usage } = await synthesize(model, synthesizer, question, passages, call)
        return { text, usage, sourceDocuments: documents }
      },
      readBoolean(inputs.returnSourceDocuments, false),
    )
  },
})
