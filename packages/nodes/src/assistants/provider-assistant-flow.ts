import type { FlowData } from '@weft/core'
import { templateFlow } from '../templates/template-flow.js'

/**
 * The flow an OpenAI or Azure assistant chats through: one OpenAI Assistant node that names the
 * assistant by its Weft id. The node holds no key and no address; the run looks both up by that id.
 */
export function buildProviderAssistantFlow(assistantId: string): FlowData {
  const flow = templateFlow()
  flow.add('openAIAssistant', 0, 0, { selectedAssistant: assistantId })
  return flow.build()
}
