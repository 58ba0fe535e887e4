import { defineNode, notRunnableYet } from '../define-node.js'

export default defineNode({
  descriptor: {
    label: 'Retriever Tool',
    name: 'retrieverTool',
    version: 1,
    type: 'RetrieverTool',
    category: 'Tools',
    description: 'Let an agent search your documents through a vector store retriever.',
    icon: 'retrieverTool.svg',
    color: '#1B6A7E',
    baseClasses: ['RetrieverTool', 'DynamicTool', 'Tool', 'StructuredTool', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'Retriever Name', name: 'name', type: 'string', placeholder: 'search_handbook' },
      {
        label: 'Retriever Description',
        name: 'description',
        type: 'string',
        rows: 3,
        description: 'Tells the agent when to search.',
        placeholder: 'Searches the employee handbook for policies on leave, travel and expenses',
      },
      { label: 'Retriever', name: 'retriever', type: 'BaseRetriever' },
      {
        label: 'Return Source Documents',
        name: 'returnSourceDocuments',
        type: 'boolean',
        optional: true,
      },
    ],
  },
  run: notRunnableYet,
})
