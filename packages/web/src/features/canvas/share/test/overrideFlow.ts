import { createFlowNode, type FlowData, type NodeDescriptor } from '@weft/core'
import { chatModel, llmChain, promptTemplate } from '../../testing/descriptors'

/** ChatOpenAI with a base path, which may not move while it uses a credential. */
export const chatModelWithBasePath: NodeDescriptor = {
  ...chatModel,
  inputs: [...chatModel.inputs, { label: 'Base Path', name: 'basePath', type: 'string', optional: true }],
}

/** A saved chatflow: ChatOpenAI (using a credential when `credential` is given), a prompt and a chain. */
export function overrideFlow(credential?: string): FlowData {
  const model = createFlowNode(chatModelWithBasePath, 'chatOpenAI_0', { x: 0, y: 0 })
  if (credential) model.data.credential = credential
  return {
    nodes: [
      model,
      createFlowNode(promptTemplate, 'promptTemplate_0', { x: 0, y: 300 }),
      createFlowNode(llmChain, 'llmChain_0', { x: 300, y: 100 }),
      { id: 'stickyNote_0', type: 'stickyNote', position: { x: 0, y: 0 }, data: { ...model.data, label: 'Note' } },
    ],
    edges: [],
  }
}
