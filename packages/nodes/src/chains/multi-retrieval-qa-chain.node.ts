import { defineNode, type Answerer } from '../define-node.js'
import { inputModerationParam, moderated } from '../moderation/moderation.js'
import { isRetriever, type Retriever } from '../documents/retriever.js'
import { readBoolean } from '../providers/node-inputs.js'
import { answerWithModel, requireChatModel } from '../runtime/answer.js'
import { readList } from '../runtime/read-input.js'
import { retrievalSystemPrompt } from './retrieval-prompt.js'
import { routeQuestion, type Destination } from './route-question.js'

export default defineNode({
  descriptor: {
    label: 'Multi Retrieval QA Chain',
    name: 'multiRetrievalQAChain',
    version: 1,
    type: 'MultiRetrievalQAChain',
    category: 'Chains',
    description: 'Send each question to the vector store whose description fits it best, then answer from it.',
    icon: 'multiRetrievalQAChain.svg',
    color: '#2A7A5F',
    baseClasses: ['MultiRetrievalQAChain', 'MultiRouteChain', 'BaseChain', 'Runnable'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Language Model', name: 'model', type: 'BaseLanguageModel' },
      { label: 'Vector Store Retriever', name: 'vectorStoreRetriever', type: 'VectorStoreRetriever', list: true },
      {
        label: 'Return Source Documents',
        name: 'returnSourceDocuments',
        type: 'boolean',
        description: 'Show the passages the answer came from.',
        optional: true,
      },
      inputModerationParam,
    ],
  },
  run: async ({ inputs }): Promise<Answerer> => {
    const model = requireChatModel(inputs.model, 'Language Model')
    const retrievers = readList(inputs.vectorStoreRetriever)
      .filter(isRetriever)
      .map((retriever: Retriever & Partial<Destination>) => ({
        ...retriever,
        name: typeof retriever.name === 'string' ? retriever.name : retriever.label,
        description: typeof retriever.description === 'string' ? retriever.description : retriever.label,
      }))
    if (!retrievers.length) throw new Error('Connect one or more Vector Store Retrievers to Vector Store Retriever.')
    const returnSources = readBoolean(inputs.returnSourceDocuments, false)
    const answerer: Answerer = {
      answer: async (scope) => {
        const chosen = await routeQuestion(model, retrievers, scope.question, scope.signal)
        const messages = [{ role: 'user' as const, content: scope.question }]
        // No store fits: the model answers on its own, as Flowise's default chain does.
        if (!chosen) return answerWithModel(model, { messages }, scope)
        const documents = await chosen.retrieve(scope.question, scope.signal)
        if (returnSources && documents.length) scope.emit({ event: 'sourceDocuments', data: documents })
        const answer = await answerWithModel(model, { system: retrievalSystemPrompt(documents), messages }, scope)
        return returnSources && documents.length ? { ...answer, sourceDocuments: documents } : answer
      },
    }
    return moderated(inputs.inputModeration, answerer)
  },
})
