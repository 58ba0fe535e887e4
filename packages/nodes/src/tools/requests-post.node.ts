import { defineRequestTool } from './request-tool-node.js'

export default defineRequestTool({
  method: 'POST',
  label: 'Requests Post',
  name: 'requestsPost',
  type: 'RequestsPost',
  color: '#22A07E',
  description: 'Let an agent send data to an API with an HTTP POST request.',
  agentDescription:
    'Use to POST to a web address. The input is a JSON object with "url" and "data"; the output is the response.',
  fallbackDescription: 'Sends JSON to a web address with an HTTP POST request.',
  withBody: true,
})
