import type { CredentialDescriptor } from '@weft/core'
import { anthropicApi } from './anthropic-api.credential.js'
import { arizePhoenixApi } from './arize-phoenix-api.credential.js'
import { azureOpenAIApi } from './azure-openai-api.credential.js'
import { cohereApi } from './cohere-api.credential.js'
import { googleGenerativeAI } from './google-generative-ai.credential.js'
import { groqApi } from './groq-api.credential.js'
import { httpBasicAuth } from './http-basic-auth.credential.js'
import { httpBearerToken } from './http-bearer-token.credential.js'
import { langfuseApi } from './langfuse-api.credential.js'
import { langsmithApi } from './langsmith-api.credential.js'
import { mistralAIApi } from './mistral-ai-api.credential.js'
import { openAIApi } from './openai-api.credential.js'
import { openAICompatibleApi } from './openai-compatible-api.credential.js'
import { openTelemetryApi } from './open-telemetry-api.credential.js'
import { postgresApi } from './postgres-api.credential.js'
import { qdrantApi } from './qdrant-api.credential.js'
import { pineconeApi } from './pinecone-api.credential.js'
import { chromaApi } from './chroma-api.credential.js'
import { redisCacheApi, redisCacheUrlApi } from './redis-cache-api.credential.js'
import { supabaseApi } from './supabase-api.credential.js'
import { milvusAuth } from './milvus-auth.credential.js'
import { weaviateApi } from './weaviate-api.credential.js'
import { zepMemoryApi } from './zep-memory-api.credential.js'
import { braveSearchApi } from './brave-search-api.credential.js'
import { googleCustomSearchApi } from './google-custom-search-api.credential.js'
import { serpApi } from './serp-api.credential.js'
import { serperApi } from './serper-api.credential.js'
import { slackApi } from './slack-api.credential.js'
import { tavilyApi } from './tavily-api.credential.js'
import {
  cerebrasAIApi,
  deepseekApi,
  fireworksApi,
  huggingFaceApi,
  jinaAIApi,
  litellmApi,
  localAIApi,
  nvidiaNIMApi,
  openRouterApi,
  perplexityApi,
  replicateApi,
  togetherAIApi,
  voyageAIApi,
  xaiApi,
} from './model-service-keys.credential.js'
import { awsApi } from './aws-api.credential.js'
import { githubApi } from './github-api.credential.js'

/** Every kind of credential a node can ask for (GET /api/v1/components-credentials). */
export const credentialTypes: readonly CredentialDescriptor[] = [
  openAIApi,
  azureOpenAIApi,
  anthropicApi,
  googleGenerativeAI,
  mistralAIApi,
  groqApi,
  cohereApi,
  openAICompatibleApi,
  postgresApi,
  qdrantApi,
  pineconeApi,
  chromaApi,
  redisCacheUrlApi,
  redisCacheApi,
  supabaseApi,
  milvusAuth,
  weaviateApi,
  zepMemoryApi,
  httpBasicAuth,
  httpBearerToken,
  langsmithApi,
  langfuseApi,
  arizePhoenixApi,
  openTelemetryApi,
  serpApi,
  serperApi,
  googleCustomSearchApi,
  braveSearchApi,
  tavilyApi,
  deepseekApi,
  openRouterApi,
  xaiApi,
  togetherAIApi,
  fireworksApi,
  nvidiaNIMApi,
  cerebrasAIApi,
  litellmApi,
  localAIApi,
  perplexityApi,
  jinaAIApi,
  voyageAIApi,
  huggingFaceApi,
  replicateApi,
  awsApi,
  githubApi,
  slackApi,
]

const byName = new Map(credentialTypes.map((type) => [type.name, type]))

/** The credential type with this name (`openAIApi`, …), if any. */
export function findCredentialType(name: string): CredentialDescriptor | undefined {
  return byName.get(name)
}
