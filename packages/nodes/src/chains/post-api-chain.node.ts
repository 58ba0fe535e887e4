import { defineApiChain, POST_ANSWER_PROMPT, POST_URL_PROMPT } from './api-chain.js'

export default defineApiChain({
  method: 'POST',
  label: 'POST API Chain',
  name: 'postApiChain',
  type: 'POSTApiChain',
  color: '#7A4FA0',
  description: 'Answer from a web API: the model writes a POST request and its JSON body, then explains the answer.',
  urlPrompt: POST_URL_PROMPT,
  ansPrompt: POST_ANSWER_PROMPT,
})
