import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findNode } from '@weft/nodes'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fileValue } from '../../../nodes/src/testing/file-value.js'
import { startLoopbackApi, type LoopbackApi } from '../../../nodes/src/testing/loopback-api.js'
import { sendJson } from '../../../nodes/src/testing/mock-http.js'
import { startMockLlmApis } from '../../../nodes/src/testing/mock-llm-apis.js'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { startChromaStandIn, type ChromaStandIn } from '../../../nodes/src/testing/chroma-stand-in.js'
import { startPineconeStandIn, type PineconeStandIn } from '../../../nodes/src/testing/pinecone-stand-in.js'
import { startSupabaseStandIn, type SupabaseStandIn } from '../../../nodes/src/testing/supabase-stand-in.js'
import { testDialects, type TestDialect } from '../test/dialects.js'
import { CREDENTIAL_ID, MODEL_BASE_URL } from '../test/fixtures/flowise-agentflows/export-format.js'
import { marketplaceTemplates } from '../test/fixtures/flowise-marketplace/index.js'
import type { MarketplaceTemplate, Outcome } from '../test/fixtures/flowise-marketplace/template.js'
import { processedHandbookStore, upsertStore } from '../test/document-stores.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// The marketplace check: every template of Flowise 3.x's marketplace (as our own fixture in its
// export format) is saved into Weft and asked one question. First as a user sets it up: its OpenAI
// nodes given an OpenAI credential whose Base Path is a local OpenAI-compatible server, and every
// other service it uses (Pinecone, Supabase, Chroma, Replicate, Hugging Face, Ollama, web search, a
// web page, an HTTP API, a SQLite file, a document store) pointed at a local stand-in the way the
// README says (a credential with the stand-in's address, the node's address input, an uploaded
// file): every template answers. Then each template that uses other services, as downloaded with
// only the OpenAI server given: it answers 422 naming the credential it misses, or fails naming
// the service it could not reach.

/** The nodes a user points at the local server by giving them the OpenAI credential. */
const OPENAI_NODES = new Set([
  'chatOpenAI',
  'openAIEmbeddings',
  'chatOpenAI_LlamaIndex',
  'openAIEmbedding_LlamaIndex',
  'inputModerationOpenAI',
])

interface ExportedNode {
  data: { name: string; credential?: string; inputs: Record<string, unknown> }
}

/** The local services, and the credentials (by credential name) a user saves for them. */
interface LocalServices {
  openAI: MockOpenAIServer
  credentials: Map<string, string>
  /** Node name → what a user sets on it before the first run: a local service's address, an uploaded file. */
  nodeInputs: Record<string, Record<string, unknown>>
}

/** A credential name the node asks for that the user has saved. */
function savedCredentialFor(name: string, services: LocalServices): string | undefined {
  const names = findNode(name)?.descriptor.credential?.credentialNames ?? []
  return names.map((credential) => services.credentials.get(credential)).find(Boolean)
}

/** Agentflow V2 tool picks keep their tool's settings beside them; the tool's credential goes there. */
function pointToolConfigs(inputs: Record<string, unknown>, services: LocalServices): void {
  for (const tools of Object.values(inputs)) {
    if (!Array.isArray(tools)) continue
    for (const pick of tools as Array<Record<string, unknown>>) {
      const config = pick?.agentSelectedToolConfig as Record<string, unknown> | undefined
      const tool = typeof pick?.agentSelectedTool === 'string' ? pick.agentSelectedTool : undefined
      const credential = tool ? savedCredentialFor(tool, services) : undefined
      if (config && credential) config.credential = credential
    }
  }
}

/** The template's flow as the user has it after picking their credentials and local addresses. */
function pointedAtLocalServers(template: MarketplaceTemplate, services: LocalServices): string {
  const openAICredential = services.credentials.get('openAIApi')!
  const text = JSON.stringify(template.flow())
    .replaceAll(CREDENTIAL_ID, openAICredential)
    .replaceAll(MODEL_BASE_URL, services.openAI.baseURL)
  const flow = JSON.parse(text) as { nodes: ExportedNode[] }
  for (const node of flow.nodes) {
    const { data } = node
    if (OPENAI_NODES.has(data.name)) data.credential = openAICredential
    else if (!data.credential) {
      const credential = savedCredentialFor(data.name, services)
      if (credential) data.credential = credential
    }
    Object.assign(data.inputs, services.nodeInputs[data.name] ?? {})
    pointToolConfigs(data.inputs, services)
  }
  return JSON.stringify(flow)
}

const QUESTION = 'What is 6 times 7, and how long are refunds open?'
const OPENAI_KEY = 'sk-local-marketplace'
const SERVICE_KEY = 'svc-local-marketplace-key'

const PAGE = '<html><body><main><h1>Refunds</h1><p>Weft keeps refunds open for 30 days.</p></main></body></html>'

/**
 * The web as the templates reach it: a documentation page (`/docs`), an orders API (`/orders`), and
 * a search service answering any other search with one result.
 */
const startWebStandIn = () =>
  startLoopbackApi((request, res) => {
    if (request.url.startsWith('/docs')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return res.end(PAGE)
    }
    if (request.url.startsWith('/orders')) return sendJson(res, 200, [{ id: 7, status: 'shipped' }])
    return sendJson(res, 200, {
      organic_results: [],
      items: [],
      results: [{ title: 'Weft', url: 'https://weft.example', content: 'Refunds: 30 days.' }],
    })
  })

/** The SQLite file the SQL template asks about, in the folder the administrator allows. */
function chinookFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'weft-marketplace-sql-'))
  const db = new Database(join(folder, 'chinook.db'))
  db.exec("CREATE TABLE albums (title TEXT); INSERT INTO albums VALUES ('Blue'), ('Kind of Blue')")
  db.close()
  return folder
}

describe.each(testDialects())('Flowise marketplace templates saved into Weft, on $name', (dialect: TestDialect) => {
  let mock: MockOpenAIServer
  let llms: LoopbackApi
  let pinecone: PineconeStandIn
  let web: LoopbackApi
  let supabase: SupabaseStandIn
  let chroma: ChromaStandIn
  let sqlFolder: string
  let t: TestApp
  let admin: Browser
  let services: LocalServices

  async function saveCredential(credentialName: string, plainDataObj: Record<string, string>) {
    const res = await admin.post('/api/v1/credentials', {
      name: `Local ${credentialName}`,
      credentialName,
      plainDataObj,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    services.credentials.set(credentialName, res.body.id as string)
  }

  beforeAll(async () => {
    mock = await startMockOpenAI()
    llms = await startMockLlmApis()
    pinecone = await startPineconeStandIn(SERVICE_KEY)
    // The OpenAI stand-in's embeddings have 8 numbers.
    pinecone.createIndex('docs', 8)
    web = await startWebStandIn()
    supabase = await startSupabaseStandIn({ apiKey: SERVICE_KEY, dimensions: 8 })
    chroma = await startChromaStandIn()
    // The administrator's setting (WEFT_SQLITE_FOLDER, read where the SQL Database Chain runs) names it.
    sqlFolder = chinookFolder()
    const hosts = [mock, llms, pinecone, web, supabase, chroma].map((server) => new URL(server.url).host)
    t = await startTestApp({
      dialect,
      env: { WEFT_ALLOWED_PRIVATE_HOSTS: hosts.join(',') },
    })
    admin = await setUpAdmin(t.app)
    services = {
      openAI: mock,
      credentials: new Map(),
      nodeInputs: {
        pinecone: { pineconeControllerUrl: pinecone.url },
        textFile: { txtFile: fileValue('refunds.txt', 'text/plain', 'Weft keeps refunds open for 30 days.') },
        pineconeLlamaIndex: { pineconeControllerUrl: pinecone.url },
        huggingFaceInference_LLMs: { endpoint: `${llms.url}/hf/local-model` },
        supabase: { supabaseProjUrl: supabase.url },
        chroma: { chromaURL: chroma.url },
        chatOllama: { baseUrl: mock.url },
        ollamaEmbedding: { baseUrl: mock.url },
        cheerioWebScraper: { url: `${web.url}/docs` },
        httpAgentflow: { url: `${web.url}/orders` },
      },
    }
    // The templates' document store is the user's own: a handbook, processed and upserted.
    const { store } = await processedHandbookStore(admin)
    const upserted = await upsertStore(admin, store.id)
    expect(upserted.status).toBe('done')
    services.nodeInputs.retrieverAgentflow = {
      retrieverKnowledgeDocumentStores: [{ documentStore: `${store.id}:${store.name}` }],
    }
    await saveCredential('openAIApi', { openAIApiKey: OPENAI_KEY, openAIApiBasePath: mock.baseURL })
    await saveCredential('pineconeApi', { pineconeApiKey: SERVICE_KEY })
    await saveCredential('replicateApi', { replicateApiKey: SERVICE_KEY, replicateApiBaseUrl: `${llms.url}/v1` })
    await saveCredential('huggingFaceApi', { huggingFaceApiKey: SERVICE_KEY })
    await saveCredential('supabaseApi', { supabaseApiKey: SERVICE_KEY })
    await saveCredential('serpApi', { serpApiKey: SERVICE_KEY, serpApiBaseUrl: web.url })
    await saveCredential('googleCustomSearchApi', {
      googleCustomSearchApiKey: SERVICE_KEY,
      googleCustomSearchApiId: 'local-engine',
      googleCustomSearchApiBaseUrl: web.url,
    })
    await saveCredential('tavilyApi', { tavilyApiKey: SERVICE_KEY, tavilyApiBaseUrl: web.url })
  })
  afterAll(async () => {
    await t.close()
    await Promise.all([mock, llms, pinecone, web, supabase, chroma].map((server) => server.close()))
    rmSync(sqlFolder, { recursive: true, force: true })
  })
  beforeEach(() => {
    mock.requests.length = 0
    llms.requests.length = 0
    mock.clearScript()
  })

  it('covers chatflows, agentflows V2 and agentflows V1', () => {
    const types = new Set(marketplaceTemplates.map((template) => template.type))
    expect([...types].sort()).toEqual(['AGENTFLOW', 'CHATFLOW', 'MULTIAGENT'])
  })

  /** Saves the template as `given` has it pointed, asks it the question, and checks the outcome. */
  async function check(name: string, template: MarketplaceTemplate, given: LocalServices, outcome: Outcome) {
    const flow = await createFlow(admin, pointedAtLocalServers(template, given), { type: template.type, name })
    if (template.replies) mock.script(...template.replies)
    const res = await admin.post<{ text?: unknown; message?: string }>(`/api/v1/internal-prediction/${flow.id}`, {
      question: QUESTION,
    })
    if ('answers' in outcome) {
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(String(res.body.text ?? '').trim()).not.toBe('')
      // The answer came from the local servers, with the user's keys.
      expect(mock.requests.length + llms.requests.length).toBeGreaterThan(0)
      // OpenAI nodes send the user's OpenAI key; Ollama's nodes send none.
      const keys = new Set(mock.requests.map((request) => request.headers.authorization ?? 'none'))
      expect([...keys].every((key) => key === `Bearer ${OPENAI_KEY}` || key === 'none')).toBe(true)
    } else if ('needsCredential' in outcome) {
      expect(res.status, JSON.stringify(res.body)).toBe(422)
      for (const credential of outcome.needsCredential) expect(res.body.message).toContain(credential)
      // Only credentials are missing: every node of the template exists and runs.
      expect(res.body.message).not.toMatch(/has no node|cannot run in this version/)
      expect(mock.requests).toHaveLength(0)
    } else {
      expect(res.status, JSON.stringify(res.body)).toBe(outcome.fails.status)
      expect(res.body.message, JSON.stringify(res.body)).toMatch(outcome.fails.message)
    }
    expect(JSON.stringify(res.body)).not.toContain(OPENAI_KEY)
    expect(JSON.stringify(res.body)).not.toContain(SERVICE_KEY)
  }

  it.each(marketplaceTemplates.map((template) => [template.name, template] as const))(
    '%s answers, with its services pointed at local servers',
    async (name, template) => {
      process.env.WEFT_SQLITE_FOLDER = sqlFolder
      try {
        await check(name, template, services, template.outcome)
      } finally {
        delete process.env.WEFT_SQLITE_FOLDER
      }
    },
  )

  const usingServices = marketplaceTemplates.filter((template) => template.alone)
  it.each(usingServices.map((template) => [template.name, template] as const))(
    '%s, as downloaded with only the OpenAI server given, names the credential or service it misses',
    async (name, template) => {
      const alone: LocalServices = {
        openAI: mock,
        credentials: new Map([['openAIApi', services.credentials.get('openAIApi')!]]),
        nodeInputs: {},
      }
      await check(`${name} (alone)`, template, alone, template.alone!)
    },
  )
})
