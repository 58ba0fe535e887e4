import { defineApiChain, GET_ANSWER_PROMPT, GET_URL_PROMPT } from './api-chain.js'

export default defineApiChain({
  method: 'GET',
  label: 'GET API Chain',
  name: 'getApiChain',
  type: 'GETApiChain',
  color: '#2F6F8F',
  description: 'Answer from a web API: the model writes a GET request from the API docs, then explains the answer.',
  urlPrompt: GET_URL_PROMPT,
  ansPrompt: GET_ANSWER_PROMPT,
})
