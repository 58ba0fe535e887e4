import { defineRequestTool } from './request-tool-node.js'

export default defineRequestTool({
  method: 'PUT',
  label: 'Requests Put',
  name: 'requestsPut',
  type: 'RequestsPut',
  color: '#2B8C5E',
  description: 'Let an agent replace data at an API with an HTTP PUT request.',
  agentDescription:
    'Use to PUT data to a web address. The input is a JSON object with "url" and "data"; the output is the response.',
  fallbackDescription: 'Replaces data at a web address with an HTTP PUT request.',
  withBody: true,
})
