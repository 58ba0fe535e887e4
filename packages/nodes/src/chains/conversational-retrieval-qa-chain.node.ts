import { defineNode, type Answerer } from '../define-node.js'
import { requireRetriever } from '../documents/retriever.js'
import { inputModerationParam, moderated } from '../moderation/moderation.js'
import { chat } from '../providers/chat-model.js'
import { readBoolean } from '../providers/node-inputs.js'
import { answerWithModel, requireChatModel } from '../runtime/answer.js'
import { isMemoryValue, readHistory, remembering } from '../runtime/memory.js'
import { turnsToMessages } from '../runtime/messages.js'
import { fillPrompts } from '../runtime/prompt.js'
import { readText } from '../runtime/read-input.js'
import { chatHistoryText } from './chat-history-text.js'

export const DEFAULT_REPHRASE_PROMPT = [
  'Rewrite the last question of this conversation so that it can be understood without the conversation.',
  'Keep its language; answer with the question only.',
  '',
  'Conversation:',
  '{chat_history}',
  '',
  'Last question: {question}',
  'Question on its own:',
].join('\n')

// Sentences start like orders, so the built-in responder (which quotes the context) never quotes them.
export const DEFAULT_RESPONSE_PROMPT = [
  'Use the context below to answer the question.',
  'If you cannot find the answer in it, say that you do not know; do not make up an answer.',
  '',
  '---',
  '',
  '{context}',
].join('\n')

export default defineNode({
  descriptor: {
    label: 'Conversational Retrieval QA Chain',
    name: 'conversationalRetrievalQAChain',
    version: 1,
    type: 'ConversationalRetrievalQAChain',
    category: 'Chains',
    description: 'Answer follow-up questions from your documents, reading them in the light of the chat so far.',
    icon: 'conversationalRetrievalQAChain.svg',
    color: '#1F7F4C',
    baseClasses: ['ConversationalRetrievalQAChain', 'BaseChain', 'Runnable'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Chat Model', name: 'model', type: 'BaseChatModel' },
      { label: 'Vector Store Retriever', name: 'vectorStoreRetriever', type: 'BaseRetriever' },
      {
        label: 'Memory',
        name: 'memory',
        type: 'BaseMemory',
        description: 'Where the chat so far is read from; without one, the history sent with the request.',
        optional: true,
      },
      {
        label: 'Return Source Documents',
        name: 'returnSourceDocuments',
        type: 'boolean',
        description: 'Show the passages the answer came from.',
        optional: true,
      },
      {
        label: 'Rephrase Prompt',
        name: 'rephrasePrompt',
        type: 'string',
        description: 'Turns a follow-up into a question of its own; takes {chat_history} and {question}.',
        rows: 4,
        default: DEFAULT_REPHRASE_PROMPT,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Response Prompt',
        name: 'responsePrompt',
        type: 'string',
        description: 'The system message of the answer; {context} receives the passages found.',
        rows: 4,
        default: DEFAULT_RESPONSE_PROMPT,
        optional: true,
        additionalParams: true,
      },
      inputModerationParam,
    ],
  },
  run: async ({ inputs }): Promise<Answerer> => {
    const model = requireChatModel(inputs.model, 'Chat Model')
    const retriever = requireRetriever(inputs.vectorStoreRetriever, 'Vector Store Retriever')
    const memory = isMemoryValue(inputs.memory) ? inputs.memory : undefined
    const returnSources = readBoolean(inputs.returnSourceDocuments, false)
    const rephrasePrompt = readText(inputs.rephrasePrompt).trim() || DEFAULT_REPHRASE_PROMPT
    const responsePrompt = readText(inputs.responsePrompt).trim() || DEFAULT_RESPONSE_PROMPT
    const answerer: Answerer = {
      answer: async (scope) => {
        const history = await readHistory(memory, scope)
        let query = scope.question
        if (history.length) {
          // The first question needs no rewriting; a follow-up ("and in May?") is searched as a whole one.
          const [prompt] = fillPrompts([rephrasePrompt], { chat_history: chatHistoryText(history) }, scope.question)
          const rephrased = await chat(model, { messages: [{ role: 'user', content: prompt! }], signal: scope.signal })
          query = rephrased.text.trim() || scope.question
        }
        const documents = await retriever.retrieve(query, scope.signal)
        if (returnSources && documents.length) scope.emit({ event: 'sourceDocuments', data: documents })
        const context = documents.length
          ? documents.map((document) => document.pageContent).join('\n\n---\n\n')
          : '(nothing found)'
        const [system] = fillPrompts([responsePrompt], { context }, scope.question)
        const answer = await answerWithModel(
          model,
          { system: system!, messages: [...turnsToMessages(history), { role: 'user', content: scope.question }] },
          scope,
        )
        return returnSources && documents.length ? { ...answer, sourceDocuments: documents } : answer
      },
    }
    return moderated(inputs.inputModeration, remembering(memory, answerer))
  },
})
