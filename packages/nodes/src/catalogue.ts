import type { NodeDefinition } from './define-node.js'
import agentAgentflow from './agent-flows/agent-agentflow.node.js'
import conditionAgentAgentflow from './agent-flows/condition-agent-agentflow.node.js'
import conditionAgentflow from './agent-flows/condition-agentflow.node.js'
import customFunctionAgentflow from './agent-flows/custom-function-agentflow.node.js'
import directReplyAgentflow from './agent-flows/direct-reply-agentflow.node.js'
import executeFlowAgentflow from './agent-flows/execute-flow-agentflow.node.js'
import httpAgentflow from './agent-flows/http-agentflow.node.js'
import humanInputAgentflow from './agent-flows/human-input-agentflow.node.js'
import iterationAgentflow from './agent-flows/iteration-agentflow.node.js'
import llmAgentflow from './agent-flows/llm-agentflow.node.js'
import loopAgentflow from './agent-flows/loop-agentflow.node.js'
import retrieverAgentflow from './agent-flows/retriever-agentflow.node.js'
import startAgentflow from './agent-flows/start-agentflow.node.js'
import stickyNoteAgentflow from './agent-flows/sticky-note-agentflow.node.js'
import toolAgentflow from './agent-flows/tool-agentflow.node.js'
import openAIAssistant from './agents/openai-assistant.node.js'
import toolAgent from './agents/tool-agent.node.js'
import reactAgentChat from './agents/react-agent-chat.node.js'
import mrklAgentChat from './agents/mrkl-agent-chat.node.js'
import conversationalAgent from './agents/conversational-agent.node.js'
import openAIToolAgent from './agents/openai-tool-agent.node.js'
import conversationChain from './chains/conversation-chain.node.js'
import getApiChain from './chains/get-api-chain.node.js'
import postApiChain from './chains/post-api-chain.node.js'
import conversationalRetrievalQAChain from './chains/conversational-retrieval-qa-chain.node.js'
import llmChain from './chains/llm-chain.node.js'
import multiPromptChain from './chains/multi-prompt-chain.node.js'
import multiRetrievalQAChain from './chains/multi-retrieval-qa-chain.node.js'
import retrievalQAChain from './chains/retrieval-qa-chain.node.js'
import sqlDatabaseChain from './chains/sql-database-chain.node.js'
import simpleChatEngine from './engines/simple-chat-engine.node.js'
import contextChatEngine from './engines/context-chat-engine.node.js'
import queryEngine from './engines/query-engine.node.js'
import subQuestionQueryEngine from './engines/sub-question-query-engine.node.js'
import queryEngineToolLlamaIndex from './engines/query-engine-tool.node.js'
import compactrefineLlamaIndex from './engines/compact-refine.node.js'
import refineLlamaIndex from './engines/refine.node.js'
import simpleResponseBuilderLlamaIndex from './engines/simple-response-builder.node.js'
import treeSummarizeLlamaIndex from './engines/tree-summarize.node.js'
import promptRetriever from './retrievers/prompt-retriever.node.js'
import vectorStoreRetriever from './retrievers/vector-store-retriever.node.js'
import chatAnthropic from './chat-models/chat-anthropic.node.js'
import azureChatOpenAI from './chat-models/azure-chat-openai.node.js'
import chatCohere from './chat-models/chat-cohere.node.js'
import chatGoogleGenerativeAI from './chat-models/chat-google-generative-ai.node.js'
import chatMistralAI from './chat-models/chat-mistral-ai.node.js'
import chatOpenAILlamaIndex from './chat-models/chat-openai-llamaindex.node.js'
import chatAnthropicLlamaIndex from './chat-models/chat-anthropic-llamaindex.node.js'
import azureChatOpenAILlamaIndex from './chat-models/azure-chat-openai-llamaindex.node.js'
import groqChat from './chat-models/groq-chat.node.js'
import chatLlamaCpp from './chat-models/chat-llama-cpp.node.js'
import chatOffline from './chat-models/chat-offline.node.js'
import chatOllama from './chat-models/chat-ollama.node.js'
import chatOpenAICustom from './chat-models/chat-openai-custom.node.js'
import chatOpenAI from './chat-models/chat-openai.node.js'
import chatDeepseek from './chat-models/chat-deepseek.node.js'
import chatOpenRouter from './chat-models/chat-open-router.node.js'
import chatXAI from './chat-models/chat-xai.node.js'
import chatTogetherAI from './chat-models/chat-together-ai.node.js'
import chatFireworks from './chat-models/chat-fireworks.node.js'
import chatNvidiaNIM from './chat-models/chat-nvidia-nim.node.js'
import chatCerebras from './chat-models/chat-cerebras.node.js'
import chatLitellm from './chat-models/chat-litellm.node.js'
import chatLocalAI from './chat-models/chat-local-ai.node.js'
import chatPerplexity from './chat-models/chat-perplexity.node.js'
import chatHuggingFace from './chat-models/chat-hugging-face.node.js'
import awsChatBedrock from './chat-models/aws-chat-bedrock.node.js'
import apiLoader from './document-loaders/api-loader.node.js'
import cheerioWebScraper from './document-loaders/cheerio-web-scraper.node.js'
import csvFile from './document-loaders/csv-file.node.js'
import docxFile from './document-loaders/docx-file.node.js'
import documentStore from './document-loaders/document-store.node.js'
import folderFiles from './document-loaders/folder-files.node.js'
import github from './document-loaders/github.node.js'
import jsonFile from './document-loaders/json-file.node.js'
import jsonlinesFile from './document-loaders/jsonlines-file.node.js'
import pdfFile from './document-loaders/pdf-file.node.js'
import plainText from './document-loaders/plain-text.node.js'
import textFile from './document-loaders/text-file.node.js'
import azureOpenAIEmbeddings from './embeddings/azure-openai-embeddings.node.js'
import cohereEmbeddings from './embeddings/cohere-embeddings.node.js'
import googleGenerativeAiEmbeddings from './embeddings/google-generative-ai-embeddings.node.js'
import mistralAIEmbeddings from './embeddings/mistral-ai-embeddings.node.js'
import offlineEmbeddings from './embeddings/offline-embeddings.node.js'
import openAIEmbeddingLlamaIndex from './embeddings/openai-embedding-llamaindex.node.js'
import ollamaEmbeddings from './embeddings/ollama-embeddings.node.js'
import openAIEmbeddingsCustom from './embeddings/openai-embeddings-custom.node.js'
import openAIEmbeddings from './embeddings/openai-embeddings.node.js'
import localAIEmbeddings from './embeddings/local-ai-embeddings.node.js'
import togetherAIEmbedding from './embeddings/together-ai-embedding.node.js'
import jinaEmbeddings from './embeddings/jina-embeddings.node.js'
import voyageAIEmbeddings from './embeddings/voyage-ai-embeddings.node.js'
import huggingFaceInferenceEmbeddings from './embeddings/hugging-face-inference-embeddings.node.js'
import awsBedrockEmbeddings from './embeddings/aws-bedrock-embeddings.node.js'
import openAI from './llms/openai.node.js'
import azureOpenAI from './llms/azure-openai.node.js'
import ollama from './llms/ollama.node.js'
import replicate from './llms/replicate.node.js'
import huggingFaceInferenceLLM from './llms/hugging-face-inference.node.js'
import agentMemory from './memory/agent-memory.node.js'
import bufferMemory from './memory/buffer-memory.node.js'
import bufferWindowMemory from './memory/buffer-window-memory.node.js'
import conversationSummaryMemory from './memory/conversation-summary-memory.node.js'
import conversationSummaryBufferMemory from './memory/conversation-summary-buffer-memory.node.js'
import redisBackedChatMemory from './memory/redis-backed-chat-memory.node.js'
import zepMemory from './memory/zep-memory.node.js'
import sqliteAgentMemory from './memory/sqlite-agent-memory.node.js'
import inputModerationOpenAI from './moderation/openai-moderation.node.js'
import inputModerationSimple from './moderation/simple-prompt-moderation.node.js'
import csvOutputParser from './output-parsers/csv-output-parser.node.js'
import customListOutputParser from './output-parsers/custom-list-output-parser.node.js'
import structuredOutputParser from './output-parsers/structured-output-parser.node.js'
import advancedStructuredOutputParser from './output-parsers/advanced-structured-output-parser.node.js'
import chatPromptTemplate from './prompts/chat-prompt-template.node.js'
import promptTemplate from './prompts/prompt-template.node.js'
import supervisor from './multi-agents/supervisor.node.js'
import worker from './multi-agents/worker.node.js'
import seqAgent from './sequential-agents/seq-agent.node.js'
import seqCondition from './sequential-agents/seq-condition.node.js'
import seqConditionAgent from './sequential-agents/seq-condition-agent.node.js'
import seqLoop from './sequential-agents/seq-loop.node.js'
import seqCustomFunction from './sequential-agents/seq-custom-function.node.js'
import seqEnd from './sequential-agents/seq-end.node.js'
import seqExecuteFlow from './sequential-agents/seq-execute-flow.node.js'
import seqLLMNode from './sequential-agents/seq-llm-node.node.js'
import seqStart from './sequential-agents/seq-start.node.js'
import seqState from './sequential-agents/seq-state.node.js'
import seqToolNode from './sequential-agents/seq-tool-node.node.js'
import characterTextSplitter from './text-splitters/character-text-splitter.node.js'
import markdownTextSplitter from './text-splitters/markdown-text-splitter.node.js'
import recursiveCharacterTextSplitter from './text-splitters/recursive-character-text-splitter.node.js'
import tokenTextSplitter from './text-splitters/token-text-splitter.node.js'
import codeTextSplitter from './text-splitters/code-text-splitter.node.js'
import htmlToMarkdownTextSplitter from './text-splitters/html-to-markdown-text-splitter.node.js'
import calculator from './tools/calculator.node.js'
import readFile from './tools/read-file.node.js'
import writeFile from './tools/write-file.node.js'
import customTool from './tools/custom-tool.node.js'
import customMCP from './tools/mcp/custom-mcp.node.js'
import slackMCP from './tools/mcp/slack/slack-mcp.node.js'
import currentDateTime from './tools/current-date-time.node.js'
import requestsDelete from './tools/requests-delete.node.js'
import requestsPut from './tools/requests-put.node.js'
import requestsGet from './tools/requests-get.node.js'
import requestsPost from './tools/requests-post.node.js'
import retrieverTool from './tools/retriever-tool.node.js'
import chainTool from './tools/chain-tool.node.js'
import chatflowTool from './tools/chatflow-tool.node.js'
import openAPIToolkit from './tools/openapi-toolkit.node.js'
import braveSearchAPI from './tools/search/brave-search-api.node.js'
import googleCustomSearch from './tools/search/google-custom-search.node.js'
import searXNG from './tools/search/searxng.node.js'
import serpAPI from './tools/search/serp-api.node.js'
import serper from './tools/search/serper.node.js'
import tavilyAPI from './tools/search/tavily-api.node.js'
import webBrowser from './tools/web-browser.node.js'
import webScraperTool from './tools/web-scraper/web-scraper-tool.node.js'
import customFunction from './utilities/custom-function.node.js'
import getVariable from './utilities/get-variable.node.js'
import ifElseFunction from './utilities/if-else-function.node.js'
import setVariable from './utilities/set-variable.node.js'
import stickyNote from './utilities/sticky-note.node.js'
import documentStoreVS from './vector-stores/document-store-vs.node.js'
import embeddedVectorStore from './vector-stores/embedded-vector-store.node.js'
import faiss from './vector-stores/faiss.node.js'
import memoryVectorStore from './vector-stores/memory-vector-store.node.js'
import postgres from './vector-stores/postgres.node.js'
import qdrant from './vector-stores/qdrant.node.js'
import pinecone from './vector-stores/pinecone.node.js'
import pineconeLlamaIndex from './vector-stores/pinecone-llamaindex.node.js'
import chroma from './vector-stores/chroma.node.js'
import redis from './vector-stores/redis.node.js'
import supabase from './vector-stores/supabase.node.js'
import milvus from './vector-stores/milvus.node.js'
import weaviate from './vector-stores/weaviate.node.js'
import { withRunBadge } from './run-badge.js'

/**
 * The node catalogue: every node, listed here by hand and in panel order (no registration by import);
 * those that cannot run yet carry a badge that says so.
 */
export const nodes: readonly NodeDefinition[] = [
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
  chatAnthropicLlamaIndex,
  azureChatOpenAILlamaIndex,
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
  offlineEmbeddings,
  openAIEmbeddings,
  openAIEmbeddingsCustom,
  ollamaEmbeddings,
  googleGenerativeAiEmbeddings,
  mistralAIEmbeddings,
  cohereEmbeddings,
  azureOpenAIEmbeddings,
  openAIEmbeddingLlamaIndex,
  localAIEmbeddings,
  togetherAIEmbedding,
  jinaEmbeddings,
  voyageAIEmbeddings,
  huggingFaceInferenceEmbeddings,
  awsBedrockEmbeddings,
  openAI,
  azureOpenAI,
  ollama,
  replicate,
  huggingFaceInferenceLLM,
  promptTemplate,
  chatPromptTemplate,
  llmChain,
  csvOutputParser,
  customListOutputParser,
  structuredOutputParser,
  advancedStructuredOutputParser,
  inputModerationOpenAI,
  inputModerationSimple,
  conversationChain,
  retrievalQAChain,
  conversationalRetrievalQAChain,
  multiPromptChain,
  multiRetrievalQAChain,
  sqlDatabaseChain,
  getApiChain,
  postApiChain,
  simpleChatEngine,
  contextChatEngine,
  queryEngine,
  subQuestionQueryEngine,
  compactrefineLlamaIndex,
  refineLlamaIndex,
  simpleResponseBuilderLlamaIndex,
  treeSummarizeLlamaIndex,
  promptRetriever,
  vectorStoreRetriever,
  bufferMemory,
  bufferWindowMemory,
  conversationSummaryMemory,
  agentMemory,
  conversationSummaryBufferMemory,
  redisBackedChatMemory,
  zepMemory,
  sqliteAgentMemory,
  toolAgent,
  openAIAssistant,
  reactAgentChat,
  mrklAgentChat,
  conversationalAgent,
  openAIToolAgent,
  calculator,
  customTool,
  customMCP,
  slackMCP,
  currentDateTime,
  requestsPut,
  requestsDelete,
  requestsGet,
  requestsPost,
  retrieverTool,
  chainTool,
  chatflowTool,
  openAPIToolkit,
  queryEngineToolLlamaIndex,
  serpAPI,
  serper,
  googleCustomSearch,
  braveSearchAPI,
  tavilyAPI,
  searXNG,
  webBrowser,
  webScraperTool,
  readFile,
  writeFile,
  plainText,
  pdfFile,
  docxFile,
  textFile,
  csvFile,
  jsonFile,
  jsonlinesFile,
  cheerioWebScraper,
  apiLoader,
  folderFiles,
  github,
  documentStore,
  recursiveCharacterTextSplitter,
  markdownTextSplitter,
  characterTextSplitter,
  tokenTextSplitter,
  codeTextSplitter,
  htmlToMarkdownTextSplitter,
  documentStoreVS,
  embeddedVectorStore,
  memoryVectorStore,
  faiss,
  postgres,
  qdrant,
  pinecone,
  pineconeLlamaIndex,
  chroma,
  redis,
  supabase,
  milvus,
  weaviate,
  stickyNote,
  customFunction,
  setVariable,
  getVariable,
  ifElseFunction,
  seqStart,
  seqAgent,
  seqLLMNode,
  seqToolNode,
  seqCustomFunction,
  seqExecuteFlow,
  seqCondition,
  seqConditionAgent,
  seqLoop,
  seqState,
  seqEnd,
  supervisor,
  worker,
  startAgentflow,
  llmAgentflow,
  agentAgentflow,
  conditionAgentflow,
  conditionAgentAgentflow,
  humanInputAgentflow,
  loopAgentflow,
  iterationAgentflow,
  directReplyAgentflow,
  customFunctionAgentflow,
  toolAgentflow,
  retrieverAgentflow,
  httpAgentflow,
  executeFlowAgentflow,
  stickyNoteAgentflow,
].map(withRunBadge)
