import { defineNode, type RunScope } from '../define-node.js'
import { moderated, inputModerationParam, refusalOf } from '../moderation/moderation.js'
import { askWithParser } from '../output-parsers/answer-with-parser.js'
import { isOutputParser, type OutputParserValue } from '../output-parsers/output-parser.js'
import { chat } from '../providers/chat-model.js'
import { fixedAnswerer, modelAnswerer, requireChatModel, type ModelRequest } from '../runtime/answer.js'
import { fillPrompt, requirePrompt, type PromptParts } from '../runtime/prompt-request.js'
import { userMessage } from '../runtime/user-message.js'

const CHAIN_CLASSES = ['LLMChain', 'BaseChain', 'Runnable']

/** The parser's instructions go after the system message of a chat prompt, else after the prompt. */
function withInstructions({ system, human }: PromptParts, parser: OutputParserValue | undefined): PromptParts {
  if (!parser) return { system, human }
  return system ? { system: `${system}\n${parser.instructions}`, human } : { human: `${human}\n${parser.instructions}` }
}

export default defineNode({
  descriptor: {
    label: 'LLM Chain',
    name: 'llmChain',
    version: 1,
    type: 'LLMChain',
    category: 'Chains',
    description: 'Fill a prompt template and send it to a language model.',
    icon: 'llmChain.svg',
    color: '#2C9653',
    baseClasses: CHAIN_CLASSES,
    canvases: ['chatflow'],
    inputs: [
      { label: 'Language Model', name: 'model', type: 'BaseLanguageModel' },
      { label: 'Prompt', name: 'prompt', type: 'BasePromptTemplate' },
      {
        label: 'Output Parser',
        name: 'outputParser',
        type: 'BaseLLMOutputParser',
        description: 'Ask the model for a list or JSON, and answer with what it parsed.',
        optional: true,
      },
      inputModerationParam,
      {
        label: 'Chain Name',
        name: 'chainName',
        type: 'string',
        placeholder: 'Name Your Chain',
        optional: true,
      },
    ],
    outputs: [
      { label: 'LLM Chain', name: 'llmChain', baseClasses: CHAIN_CLASSES },
      {
        label: 'Output Prediction',
        name: 'outputPrediction',
        baseClasses: ['string', 'json'],
        description: "The model's answer, for nodes that take text or JSON.",
      },
    ],
  },
  run: async ({ inputs, output, isEnding, scope, label }) => {
    const model = requireChatModel(inputs.model, 'Language Model')
    const prompt = requirePrompt(inputs.prompt, 'Prompt')
    const parser = isOutputParser(inputs.outputParser) ? inputs.outputParser : undefined
    const requestFor = ({ question, uploads }: Pick<RunScope, 'question' | 'uploads'>): ModelRequest => {
      const { system, human } = withInstructions(fillPrompt(prompt, question), parser)
      return { ...(system ? { system } : {}), messages: [userMessage(model, human, uploads)] }
    }
    // Filled now, so a prompt with a variable nothing fills fails as this node's error.
    const request = requestFor(scope)
    if (output === 'outputPrediction' && !isEnding) {
      // Text (or the parsed value) for the next node, not the answer: nothing is streamed to the user.
      const refusal = await refusalOf(inputs.inputModeration, scope.question, scope)
      if (refusal !== undefined) return refusal
      if (parser) return (await askWithParser(model, request, parser, scope, label)).value
      return (await chat(model, { ...request, signal: scope.signal })).text
    }
    // Asked with the question of the run that asks (a Chain Tool asks with the agent's question).
    if (!parser)
      return moderated(
        inputs.inputModeration,
        modelAnswerer(model, async (run) => requestFor(run)),
      )
    return moderated(inputs.inputModeration, {
      answer: async (run) => {
        const { answer } = await askWithParser(model, requestFor(run), parser, run, label)
        return fixedAnswerer(answer).answer(run)
      },
    })
  },
})
