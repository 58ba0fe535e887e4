import { defineNode } from '../define-node.js'
import { offlineChatModel } from '../providers/offline-model.js'
import { readStreaming } from '../providers/node-inputs.js'
import { listKnownModels } from '../shared/known-models.js'
import { streamingParam } from '../shared/model-params.js'

export default defineNode({
  descriptor: {
    label: 'Built-in Responder',
    name: 'chatOffline',
    version: 1,
    type: 'ChatOffline',
    category: 'Chat Models',
    // Its rules, in order, are in ../providers/offline-responder.ts and ../providers/README.md.
    description:
      'A deterministic offline guide, not an LLM: by fixed rules it greets you, says what it can do and how to connect a real model, remembers your name, and answers from its prompt and the documents of the flow, so you can try flows without a key or network.',
    icon: 'chatOffline.svg',
    color: '#1E4AA9',
    baseClasses: ['ChatOffline', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'weft-responder',
        description: 'There is one: the rules built into Weft.',
      },
      streamingParam,
    ],
  },
  loadMethods: { listModels: listKnownModels(['weft-responder']) },
  run: async ({ inputs }) => ({ ...offlineChatModel, streaming: readStreaming(inputs) }),
})
