import { defineNode, type Answerer } from '../define-node.js'
import { requireRetriever } from '../documents/retriever.js'
import { inputModerationParam, moderated } from '../moderation/moderation.js'
import { readBoolean } from '../providers/node-inputs.js'
import { answerWithModel, requireChatModel } from '../runtime/answer.js'
import { retrievalSystemPrompt } from './retrieval-prompt.js'

export default defineNode({
  descriptor: {
    label: 'Retrieval QA Chain',
    name: 'retrievalQAChain',
    version: 1,
    type: 'RetrievalQAChain',
    category: 'Chains',
    description: 'Answer questions from your documents: find the relevant passages, then ask the model.',
    icon: 'retrievalQAChain.svg',
    color: '#298E3A',
    baseClasses: ['RetrievalQAChain', 'BaseChain', 'Runnable'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Language Model', name: 'model', type: 'BaseLanguageModel' },
      { label: 'Vector Store Retriever', name: 'vectorStoreRetriever', type: 'BaseRetriever' },
      {
        label: 'Return Source Documents',
        name: 'returnSourceDocuments',
        type: 'boolean',
        description: 'Show the passages the answer came from.',
        default: true,
        optional: true,
      },
      inputModerationParam,
    ],
  },
  run: async ({ inputs }): Promise<Answerer> => {
    const model = requireChatModel(inputs.model, 'Language Model')
    const retriever = requireRetriever(inputs.vectorStoreRetriever, 'Vector Store Retriever')
    const returnSources = readBoolean(inputs.returnSourceDocuments, true)
    return moderated(inputs.inputModeration, {
      answer: async (scope) => {
        const documents = await retriever.retrieve(scope.question, scope.signal)
        // Sent before the answer streams, so a chat shows where the answer comes from as it is written.
        if (returnSources && documents.length) scope.emit({ event: 'sourceDocuments', data: documents })
        const request = {
          system: retrievalSystemPrompt(documents),
          messages: [{ role: 'user' as const, content: scope.question }],
        }
        const answer = await answerWithModel(model, request, scope)
        return returnSources && documents.length ? { ...answer, sourceDocuments: documents } : answer
      },
    })
  },
})
