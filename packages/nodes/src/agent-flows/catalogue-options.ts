import type { InputOption, NodeDescriptor } from '@weft/core'
import azureChatOpenAI from '../chat-models/azure-chat-openai.node.js'
import chatAnthropic from '../chat-models/chat-anthropic.node.js'
import chatCohere from '../chat-models/chat-cohere.node.js'
import chatGoogleGenerativeAI from '../chat-models/chat-google-generative-ai.node.js'
import chatMistralAI from '../chat-models/chat-mistral-ai.node.js'
import chatOpenAILlamaIndex from '../chat-models/chat-openai-llamaindex.node.js'
import groqChat from '../chat-models/groq-chat.node.js'
import chatOffline from '../chat-models/chat-offline.node.js'
import chatOllama from '../chat-models/chat-ollama.node.js'
import chatLlamaCpp from '../chat-models/chat-llama-cpp.node.js'
import chatOpenAICustom from '../chat-models/chat-openai-custom.node.js'
import chatOpenAI from '../chat-models/chat-openai.node.js'
import chatDeepseek from '../chat-models/chat-deepseek.node.js'
import chatOpenRouter from '../chat-models/chat-open-router.node.js'
import chatXAI from '../chat-models/chat-xai.node.js'
import chatTogetherAI from '../chat-models/chat-together-ai.node.js'
import chatFireworks from '../chat-models/chat-fireworks.node.js'
import chatNvidiaNIM from '../chat-models/chat-nvidia-nim.node.js'
import chatCerebras from '../chat-models/chat-cerebras.node.js'
import chatLitellm from '../chat-models/chat-litellm.node.js'
import chatLocalAI from '../chat-models/chat-local-ai.node.js'
import chatPerplexity from '../chat-models/chat-perplexity.node.js'
import chatHuggingFace from '../chat-models/chat-hugging-face.node.js'
import awsChatBedrock from '../chat-models/aws-chat-bedrock.node.js'
import type { LoadMethod, NodeDefinition } from '../define-node.js'
import calculator from '../tools/calculator.node.js'
import customTool from '../tools/custom-tool.node.js'
import customMCP from '../tools/mcp/custom-mcp.node.js'
import currentDateTime from '../tools/current-date-time.node.js'
import requestsDelete from '../tools/requests-delete.node.js'
import requestsPut from '../tools/requests-put.node.js'
import requestsGet from '../tools/requests-get.node.js'
import requestsPost from '../tools/requests-post.node.js'
import braveSearchAPI from '../tools/search/brave-search-api.node.js'
import googleCustomSearch from '../tools/search/google-custom-search.node.js'
import searXNG from '../tools/search/searxng.node.js'
import serpAPI from '../tools/search/serp-api.node.js'
import tavilyAPI from '../tools/search/tavily-api.node.js'
import webBrowser from '../tools/web-browser.node.js'
import readFile from '../tools/read-file.node.js'
import writeFile from '../tools/write-file.node.js'

// Agentflow steps pick a chat model or a tool by its catalogue node.

const optionOf = ({ label, name, description }: NodeDescriptor): InputOption => ({ label, name, description })

const listDefinitions =
  (definitions: readonly NodeDefinition[]): LoadMethod =>
  async () =>
    definitions.map((definition) => optionOf(definition.descriptor))

/** The built-in responder first, so a new step works before any key is set up. */
export const listChatModels = listDefinitions([
  chatOffline,
  chatOpenAI,
  chatAnthropic,
  chatOpenAICustom,
  chatOllama,
  chatLlamaCpp,
  chatGoogleGenerativeAI,
  chatMistralAI,
  groqChat,
  chatCohere,
  azureChatOpenAI,
  chatOpenAILlamaIndex,
  chatDeepseek,
  chatOpenRouter,
  chatXAI,
  chatTogetherAI,
  chatFireworks,
  chatNvidiaNIM,
  chatCerebras,
  chatLitellm,
  chatLocalAI,
  chatPerplexity,
  chatHuggingFace,
  awsChatBedrock,
])

/** The Retriever Tool is left out: it needs a connected retriever, and the Retriever step does its job. */
export const listTools = listDefinitions([
  calculator,
  currentDateTime,
  customTool,
  customMCP,
  requestsGet,
  requestsPost,
  requestsPut,
  requestsDelete,
  serpAPI,
  googleCustomSearch,
  braveSearchAPI,
  tavilyAPI,
  searXNG,
  webBrowser,
  readFile,
  writeFile,
])
