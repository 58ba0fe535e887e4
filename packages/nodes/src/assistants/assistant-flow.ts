import {
  toolNameOfTitle,
  uniqueToolName,
  type CustomAssistantDetails,
  type FlowData,
} from '@weft/core'
import { templateFlow } from '../templates/template-flow.js'

const COLUMN = 460
const ROW = 420

/**
 * The flow a custom assistant runs, built from its form with the canvas's own rules: its chat model
 * and a buffer memory in a tool agent that follows the instructions, with its tools and, for each
 * document store, a retriever tool named after the store. With no tool at all, a conversation chain.
 * The flow opens on the canvas like any other.
 */
export function buildAssistantFlow(details: CustomAssistantDetails): FlowData {
  if (!details.chatModel) throw new Error('The assistant has no chat model: choose one to build its flow.')
  const flow = templateFlow()
  const model = flow.add(details.chatModel.name, 0, 0, details.chatModel.inputs)
  const memory = flow.add('bufferMemory', 0, ROW * 1.4)
  const hasTools = details.tools.length > 0 || details.documentStores.length > 0
  const answerer = hasTools
    ? flow.add('toolAgent', COLUMN * 2, ROW / 2, { systemMessage: details.instruction })
    : flow.add('conversationChain', COLUMN * 2, ROW / 2, { systemMessagePrompt: details.instruction })
  flow.connect(model, answerer, 'model')
  flow.connect(memory, answerer, 'memory')

  let row = 0
  const below = () => ROW * (2.4 + row++)
  for (const tool of details.tools) {
    const node =
      tool.kind === 'saved'
        ? flow.add('customTool', COLUMN, below(), { selectedTool: tool.id })
        : flow.add(tool.name, COLUMN, below())
    flow.connect(node, answerer, 'tools')
  }

  const taken = new Set<string>()
  details.documentStores.forEach((store, index) => {
    const name = uniqueToolName(toolNameOfTitle(store.name) || `document_store_${index + 1}`, taken)
    taken.add(name)
    const at = below()
    const vectors = flow.add('documentStoreVS', 0, at, { selectedStore: `${store.id}:${store.name}` })
    const retriever = flow.add('retrieverTool', COLUMN, at, {
      name,
      description: store.description || `Searches ${store.name} for passages that answer the question.`,
      returnSourceDocuments: true,
    })
    flow.connect(vectors, retriever, 'retriever')
    flow.connect(retriever, answerer, 'tools')
  })

  const built = flow.build()
  const credential = details.chatModel.credential
  if (!credential) return built
  return { ...built, nodes: built.nodes.map((node) => (node.id === model ? { ...node, data: { ...node.data, credential } } : node)) }
}
