import { defineRequestTool } from './request-tool-node.js'

export default defineRequestTool({
  method: 'DELETE',
  label: 'Requests Delete',
  name: 'requestsDelete',
  type: 'RequestsDelete',
  color: '#B4533A',
  description: 'Let an agent delete something at an API with an HTTP DELETE request.',
  agentDescription: 'Use to DELETE at a web address. The input is the URL; the output is the response.',
  fallbackDescription: 'Deletes at a web address with an HTTP DELETE request.',
})
