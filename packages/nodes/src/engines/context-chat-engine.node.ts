import { defineNode, type Answerer } from '../define-node.js'
import { retrievalSystemPrompt } from '../chains/retrieval-prompt.js'
import { requireRetriever } from '../documents/retriever.js'
import { readBoolean } from '../providers/node-inputs.js'
import { answerWithModel, requireChatModel } from '../runtime/answer.js'
import { isMemoryValue, readHistory, remembering } from '../runtime/memory.js'
import { turnsToMessages } from '../runtime/messages.js'
import { readText } from '../runtime/read-input.js'
import { engineModelParam, returnSourcesParam } from './query-engine.js'
import { engineMemoryParam, engineSystemParam } from './simple-chat-engine.node.js'

export default defineNode({
  descriptor: {
    label: 'Context Chat Engine',
    name: 'contextChatEngine',
    version: 1,
    type: 'ContextChatEngine',
    category: 'Engine',
    description: 'Chat about your documents: each question is answered from the passages found, with memory.',
    icon: 'contextChatEngine.svg',
    color: '#8A2DAE',
    baseClasses: ['ContextChatEngine'],
    tags: ['LlamaIndex'],
    canvases: ['chatflow'],
    inputs: [
      engineModelParam,
      { label: 'Vector Store Retriever', name: 'vectorStoreRetriever', type: 'BaseRetriever' },
      engineMemoryParam,
      returnSourcesParam,
      engineSystemParam(
        'I want you to act as a document that I am having a conversation with. Answer from the given info only.',
      ),
    ],
  },
  run: async ({ inputs }): Promise<Answerer> => {
    const model = requireChatModel(inputs.model, 'Chat Model')
    const retriever = requireRetriever(inputs.vectorStoreRetriever, 'Vector Store Retriever')
    const memory = isMemoryValue(inputs.memory) ? inputs.memory : undefined
    const systemMessage = readText(inputs.systemMessagePrompt).trim()
    const returnSources = readBoolean(inputs.returnSourceDocuments, false)
    return remembering(memory, {
      answer: async (scope) => {
        const [history, documents] = await Promise.all([
          readHistory(memory, scope),
          retriever.retrieve(scope.question, scope.signal),
        ])
        const system = [systemMessage, retrievalSystemPrompt(documents)].filter(Boolean).join('\n\n')
        const answer = await answerWithModel(
          model,
          { system, messages: [...turnsToMessages(history), { role: 'user', content: scope.question }] },
          scope,
        )
        if (!returnSources || !documents.length) return answer
        scope.emit({ event: 'sourceDocuments', data: documents })
        return { ...answer, sourceDocuments: documents }
      },
    })
  },
})
