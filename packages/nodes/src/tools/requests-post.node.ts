import { defineNode, notRunnableYet } from '../define-node.js'
import { headersParam, requestDescriptionParam, urlParam } from './request-params.js'

export default defineNode({
  descriptor: {
    label: 'Requests Post',
    name: 'requestsPost',
    version: 1,
    type: 'RequestsPost',
    category: 'Tools',
    description: 'Let an agent send data to an API with an HTTP POST request.',
    icon: 'requestsPost.svg',
    color: '#22A07E',
    baseClasses: ['RequestsPost', 'Tool', 'StructuredTool', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      urlParam,
      {
        label: 'Body',
        name: 'body',
        type: 'json',
        description: 'Leave empty to let the agent write the body.',
        optional: true,
        additionalParams: true,
      },
      requestDescriptionParam(
        'Use to POST to a web address. The input is a JSON object with "url" and "data"; the output is the response.',
      ),
      headersParam,
    ],
  },
  run: notRunnableYet,
})
