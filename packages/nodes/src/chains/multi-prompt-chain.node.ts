import { defineNode, type Answerer } from '../define-node.js'
import { inputModerationParam, moderated } from '../moderation/moderation.js'
import { answerWithModel, requireChatModel } from '../runtime/answer.js'
import { readList } from '../runtime/read-input.js'
import { isPromptChoice } from '../retrievers/prompt-retriever.node.js'
import { routeQuestion } from './route-question.js'

export default defineNode({
  descriptor: {
    label: 'Multi Prompt Chain',
    name: 'multiPromptChain',
    version: 1,
    type: 'MultiPromptChain',
    category: 'Chains',
    description: 'Send each question to the prompt whose description fits it best, then answer with that prompt.',
    icon: 'multiPromptChain.svg',
    color: '#4B9A2E',
    baseClasses: ['MultiPromptChain', 'MultiRouteChain', 'BaseChain', 'Runnable'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Language Model', name: 'model', type: 'BaseLanguageModel' },
      { label: 'Prompt Retriever', name: 'promptRetriever', type: 'PromptRetriever', list: true },
      inputModerationParam,
    ],
  },
  run: async ({ inputs }): Promise<Answerer> => {
    const model = requireChatModel(inputs.model, 'Language Model')
    const prompts = readList(inputs.promptRetriever).filter(isPromptChoice)
    if (!prompts.length) throw new Error('Connect one or more Prompt Retrievers to Prompt Retriever.')
    const answerer: Answerer = {
      answer: async (scope) => {
        const chosen = await routeQuestion(model, prompts, scope.question, scope.signal)
        // No prompt fits: the question goes to the model as it is.
        const system = chosen?.systemMessage.trim()
        return answerWithModel(
          model,
          { ...(system ? { system } : {}), messages: [{ role: 'user', content: scope.question }] },
          scope,
        )
      },
    }
    return moderated(inputs.inputModeration, answerer)
  },
})
