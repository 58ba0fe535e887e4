import { parseSubQuestions, subAnswerText, subQuestionPrompt, type SourceDocument } from '@weft/core'
import { defineNode } from '../define-node.js'
import { chat } from '../providers/chat-model.js'
import { readBoolean } from '../providers/node-inputs.js'
import { requireChatModel } from '../runtime/answer.js'
import { readList } from '../runtime/read-input.js'
import {
  engineModelParam,
  queryEngineOf,
  returnSourcesParam,
  type QueryEngine,
  type QueryResult,
} from './query-engine.js'
import { isQueryEngineTool } from './query-engine-tool.node.js'
import { DEFAULT_SYNTHESIZER, isResponseSynthesizer, responseSynthesizerParam } from './response-synthesizer.js'
import { synthesize } from './synthesize.js'

export default defineNode({
  descriptor: {
    label: 'Sub Question Query Engine',
    name: 'subQuestionQueryEngine',
    version: 1,
    type: 'SubQuestionQueryEngine',
    category: 'Engine',
    description: 'Split a question into sub-questions for the right query engines, then answer from their answers.',
    icon: 'subQuestionQueryEngine.svg',
    color: '#4E7D36',
    baseClasses: ['SubQuestionQueryEngine', 'BaseQueryEngine'],
    tags: ['LlamaIndex'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'QueryEngine Tools', name: 'queryEngineTools', type: 'QueryEngineTool', list: true },
      engineModelParam,
      {
        label: 'Embeddings',
        name: 'embeddings',
        type: 'BaseEmbedding_LlamaIndex',
        description: 'Not needed here: each query engine searches with its own vector store.',
        optional: true,
      },
      responseSynthesizerParam,
      returnSourcesParam,
    ],
  },
  run: async ({ inputs }): Promise<QueryEngine> => {
    const tools = readList(inputs.queryEngineTools).filter(isQueryEngineTool)
    if (!tools.length) throw new Error('Sub Question Query Engine: connect at least one QueryEngine Tool.')
    const model = requireChatModel(inputs.model, 'Chat Model')
    const synthesizer = isResponseSynthesizer(inputs.responseSynthesizer)
      ? inputs.responseSynthesizer
      : DEFAULT_SYNTHESIZER
    const names = tools.map((tool) => tool.name)
    return queryEngineOf(
      async (question, call) => {
        const split = await chat(model, {
          messages: [{ role: 'user', content: subQuestionPrompt(tools, question) }],
          signal: call.signal,
        })
        // A model that cannot split the question: every engine is asked the question itself.
        const found = parseSubQuestions(split.text, names)
        const asked = found.length ? found : names.map((toolName) => ({ subQuestion: question, toolName }))
        // One after another: the answers come back in the order of the questions, and a model server's
        // rate limit sees one call at a time.
        const answers: { subQuestion: string; result: QueryResult }[] = []
        for (const { subQuestion, toolName } of asked) {
          const tool = tools.find((candidate) => candidate.name === toolName)!
          answers.push({ subQuestion, result: await tool.queryEngine.query(subQuestion, call.signal) })
        }
        const passages = answers.map(({ subQuestion, result }) => subAnswerText(subQuestion, result.text))
        const { text, usage } = await synthesize(model, synthesizer, question, passages, call)
        const sourceDocuments: SourceDocument[] = answers.flatMap(({ result }) => result.sourceDocuments)
        return { text, usage, sourceDocuments }
      },
      readBoolean(inputs.returnSourceDocuments, false),
    )
  },
})
