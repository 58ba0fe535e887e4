import { defineNode, notRunnableYet } from '../define-node.js'
import { headersParam, requestDescriptionParam, urlParam } from './request-params.js'

export default defineNode({
  descriptor: {
    label: 'Requests Get',
    name: 'requestsGet',
    version: 1,
    type: 'RequestsGet',
    category: 'Tools',
    description: 'Let an agent read a web address or API with an HTTP GET request.',
    icon: 'requestsGet.svg',
    color: '#1D8775',
    baseClasses: ['RequestsGet', 'Tool', 'StructuredTool', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      urlParam,
      requestDescriptionParam(
        'Use to GET content from a web address. The input is the URL; the output is the response.',
      ),
      headersParam,
    ],
  },
  run: notRunnableYet,
})
