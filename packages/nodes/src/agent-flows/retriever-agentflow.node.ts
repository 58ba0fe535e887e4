import { defineNode, notRunnableYet } from '../define-node.js'
import { updateStateParam } from './step-params.js'

export default defineNode({
  descriptor: {
    label: 'Retriever',
    name: 'retrieverAgentflow',
    version: 1,
    type: 'Retriever',
    category: 'Agent Flows',
    description: 'Find the passages of your document stores that match a query.',
    icon: 'retrieverAgentflow.svg',
    color: '#C09930',
    baseClasses: ['Retriever'],
    canvases: ['agentflowV2'],
    inputs: [
      {
        label: 'Knowledge (Document Stores)',
        name: 'retrieverKnowledgeDocumentStores',
        type: 'asyncMultiOptions',
        loadMethod: 'listStores',
        description: 'The document stores to search.',
      },
      {
        label: 'Retriever Query',
        name: 'retrieverQuery',
        type: 'string',
        rows: 4,
        default: '{{ question }}',
        acceptVariable: true,
      },
      {
        label: 'Output Format',
        name: 'outputFormat',
        type: 'options',
        options: [
          { label: 'Text', name: 'text' },
          { label: 'Text with Metadata', name: 'textWithMetadata' },
        ],
        default: 'text',
      },
      updateStateParam('retrieverUpdateState'),
    ],
  },
  run: notRunnableYet,
})
