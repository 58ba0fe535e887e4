import { defineRequestTool } from './request-tool-node.js'

export default defineRequestTool({
  method: 'GET',
  label: 'Requests Get',
  name: 'requestsGet',
  type: 'RequestsGet',
  color: '#1D8775',
  description: 'Let an agent read a web address or API with an HTTP GET request.',
  agentDescription: 'Use to GET content from a web address. The input is the URL; the output is the response.',
  fallbackDescription: 'Reads a web address with an HTTP GET request.',
})
