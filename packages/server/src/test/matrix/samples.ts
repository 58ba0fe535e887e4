import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BUILT_IN_VECTORS, multipartFile } from '../document-stores.js'
import { flowiseEncryptionKey, writeFlowiseSqlite } from '../flowise-database.js'
import { flowiseFixture } from '../flowise-fixture.js'
import type { CaseName, Client, Ids, Place, World } from './fixture.js'

// One valid request per operation of /api/v1/openapi.json, built from the world for a caller and a
// case: the ids it addresses are those of the case's workspace (the caller's own, another of its
// organization, another organization's). An operation that appears in the document without a sample
// here fails the matrix with 'no sample for <op>'.

/** An exact status, or any 2xx. */
export type Expected = number | '2xx'

export interface SampleContext {
  world: World
  caller: Client
  kase: CaseName
  /** The workspace the case points at, and its objects. */
  place: Place
  ids: Ids
}

export interface SampleRequest {
  url: string
  body?: unknown
  headers?: Record<string, string>
}

export interface Sample {
  /** The request addresses an object of the case's workspace; when false the foreign cases are n/a. */
  scoped: boolean
  build: (c: SampleContext) => SampleRequest | Promise<SampleRequest>
  /** An allowed, own-workspace call answers this instead of 2xx (said why in `why`). */
  allowed?: { status: number; why: string }
  /** The allowed, own-workspace cell cannot run in a unit test: it is excluded, for this reason. */
  excludeAllowed?: string
  /**
   * A foreign id answers this instead of 404, said why: a pick in the body or query of another
   * workspace's object is bad input naming the field (as for an id that does not exist), or a bulk
   * operation counts only the workspace's own. `body` must then hold on the answer.
   */
  foreign?: { status: number; why: string; body?: (body: any) => boolean }
  /**
   * Permissions the operation checks inside, on the kind of object the sample uses (a route open to
   * any signed-in person that shows each kind under its own permission): lacking all of `any`
   * answers `status`, checked before the id's workspace unless `afterForeign`.
   */
  inner?: { any: string[]; status: number; afterForeign?: boolean }[]
  /** Sent on a new session of the same person (the operation ends its session). */
  freshSession?: boolean
  /** An expected status other than the rule's, when the op's id is a workspace the caller may enter. */
  expect?: (c: SampleContext) => Expected | undefined
  after?: (c: SampleContext) => Promise<void>
}

const V1 = '/api/v1'
const unique = () => randomUUID().slice(0, 8)
const flowData = JSON.stringify({ nodes: [], edges: [] })
const upload = async (url: string, name = 'notes.txt') => {
  const { body, contentType } = await multipartFile(name, 'Holidays are booked two weeks ahead.', 'text/plain')
  return { url, body, headers: { 'content-type': contentType } }
}
const PICK = (field: string) => ({
  status: 400,
  why: `${field} of another workspace is bad input naming the field, as an id that does not exist`,
  body: (b: { message?: string }) => b.message?.startsWith(field) === true,
})
const CREDENTIAL = PICK('querystring.credential')
const QUEUE_MODE_OFF = { status: 404, why: 'queue mode is off in this app: there is no queue to read or change' }

let flowiseDatabase: { bytes: Uint8Array<ArrayBuffer>; key: string } | undefined
/** A Flowise 3 SQLite database (the import test's fixture) and its key, as the Import dialog sends them. */
async function flowiseUpload(): Promise<SampleRequest> {
  if (!flowiseDatabase) {
    const folder = mkdtempSync(join(tmpdir(), 'matrix-flowise-'))
    const key = flowiseEncryptionKey()
    writeFlowiseSqlite(join(folder, 'database.sqlite'), flowiseFixture('http://127.0.0.1:9/v1', key).rows)
    flowiseDatabase = { bytes: new Uint8Array(readFileSync(join(folder, 'database.sqlite'))), key }
    rmSync(folder, { recursive: true, force: true })
  }
  const form = new FormData()
  form.append('files', new Blob([flowiseDatabase.bytes]), 'database.sqlite')
  form.append('encryptionKey', flowiseDatabase.key)
  const encoded = new Response(form)
  return {
    url: `${V1}/export-import/import-flowise`,
    body: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  }
}

const fixed =
  (url: string, body?: unknown): Sample['build'] =>
  () => ({ url: V1 + url, body })
const unscoped = (url: string, body?: unknown): Sample => ({ scoped: false, build: fixed(url, body) })
const scoped = (
  build: (c: SampleContext) => SampleRequest | Promise<SampleRequest>,
  more: Partial<Sample> = {},
): Sample => ({
  scoped: true,
  build,
  ...more,
})
const owner = (c: SampleContext) => c.place.owner
/** The organization admin reaches another workspace of its organization as its own. */
const orgAdminReaches = (c: SampleContext): Expected | undefined =>
  c.kase === 'other workspace' && c.caller.permissions === 'all' ? '2xx' : undefined
/** An organization's object: another workspace of the same organization is the caller's own case. */
const sameOrganization = (c: SampleContext): Expected | undefined => (c.kase === 'other workspace' ? '2xx' : undefined)
const cred = (c: SampleContext) => `credential=${c.ids.credential}`

export const SAMPLES: Record<string, Sample> = {
  // The person's own session and profile.
  'POST /api/v1/account/logout': { ...unscoped('/account/logout'), freshSession: true },
  // Invitations and the organization's people (users:manage: organization admins).
  'POST /api/v1/account/invite': scoped(
    (c) => ({
      url: `${V1}/account/invite`,
      body: { email: `invited-${unique()}@example.com`, workspaceId: c.ids.workspaceId },
    }),
    { expect: sameOrganization },
  ),
  'POST /api/v1/account/invite/resend': scoped(
    async (c) => ({ url: `${V1}/account/invite/resend`, body: { email: await c.world.make.invitation(owner(c)) } }),
    { expect: sameOrganization },
  ),
  'DELETE /api/v1/account/invite': scoped(
    async (c) => ({ url: `${V1}/account/invite?email=${encodeURIComponent(await c.world.make.invitation(owner(c)))}` }),
    { expect: sameOrganization },
  ),
  'GET /api/v1/account/invite/options': unscoped('/account/invite/options'),
  'GET /api/v1/organizationuser': scoped(
    (c) => ({ url: `${V1}/organizationuser?organizationId=${c.ids.organizationId}` }),
    { expect: sameOrganization },
  ),
  'PUT /api/v1/organizationuser': scoped(
    async (c) => ({
      url: `${V1}/organizationuser`,
      body: {
        organizationId: c.ids.organizationId,
        userId: await c.world.make.person(c.ids.organizationId, c.ids.workspaceId),
        status: 'active',
      },
    }),
    { expect: sameOrganization },
  ),
  'DELETE /api/v1/organizationuser': scoped(
    async (c) => {
      const userId = await c.world.make.person(c.ids.organizationId, c.ids.workspaceId)
      return { url: `${V1}/organizationuser?organizationId=${c.ids.organizationId}&userId=${userId}` }
    },
    { expect: sameOrganization },
  ),
  // Single sign-on settings are the caller's organization's; no id is sent.
  'GET /api/v1/sso-config': unscoped('/sso-config'),
  'PUT /api/v1/sso-config': unscoped('/sso-config', {
    providerName: 'google',
    config: { clientID: 'matrix-client', clientSecret: 'matrix-secret' },
    status: 'disable',
  }),
  'POST /api/v1/sso-config': unscoped('/sso-config', {
    providerName: 'google',
    config: { clientID: 'matrix-client', clientSecret: 'matrix-secret' },
    status: 'disable',
  }),
  'POST /api/v1/sso-config/test': {
    scoped: false,
    build: (c) => ({
      url: `${V1}/sso-config/test`,
      body: { providerName: 'oidc', config: { issuer: c.world.oidcIssuer ?? 'http://127.0.0.1:9' } },
    }),
  },
  'GET /api/v1/user': unscoped('/user'),
  'PUT /api/v1/user': { scoped: false, build: (c) => ({ url: `${V1}/user`, body: { name: c.caller.name } }) },
  'POST /api/v1/workspace/switch': scoped((c) => ({ url: `${V1}/workspace/switch?id=${c.ids.workspaceId}` }), {
    // The organization admin is in both of its organization's workspaces: switching to either is allowed.
    expect: orgAdminReaches,
    after: async (c) => {
      if (c.caller.name !== 'organization admin' || c.kase !== 'other workspace') return
      const own = c.world.places[c.caller.places['own workspace']].ids.workspaceId
      await c.world.t.app.inject({
        method: 'POST',
        url: `${V1}/workspace/switch?id=${own}`,
        cookies: c.caller.cookies(),
      })
    },
  }),

  // Flows.
  'GET /api/v1/chatflows': unscoped('/chatflows'),
  'POST /api/v1/chatflows': {
    scoped: false,
    build: () => ({ url: `${V1}/chatflows`, body: { name: `Made ${unique()}`, type: 'CHATFLOW', flowData } }),
  },
  'GET /api/v1/chatflows/{id}': scoped((c) => ({ url: `${V1}/chatflows/${c.ids.flow}` })),
  'PUT /api/v1/chatflows/{id}': scoped((c) => ({ url: `${V1}/chatflows/${c.ids.flow}`, body: { category: 'Matrix' } })),
  'DELETE /api/v1/chatflows/{id}': scoped(async (c) => ({
    url: `${V1}/chatflows/${await c.world.make.flow(owner(c))}`,
  })),

  // Nodes and templates.
  'GET /api/v1/nodes': unscoped('/nodes'),
  'GET /api/v1/nodes/{name}': unscoped('/nodes/chatOpenAI'),
  'GET /api/v1/node-icon/{name}': unscoped('/node-icon/chatOpenAI'),
  'POST /api/v1/node-load-method/{name}': unscoped('/node-load-method/documentStoreVS', { loadMethod: 'listStores' }),
  'GET /api/v1/marketplaces/templates': unscoped('/marketplaces/templates'),
  'GET /api/v1/marketplaces/templates/{id}': {
    scoped: false,
    build: (c) => ({ url: `${V1}/marketplaces/templates/${c.world.marketplaceTemplate}` }),
  },
  'GET /api/v1/marketplaces/custom': unscoped('/marketplaces/custom'),
  'POST /api/v1/marketplaces/custom': scoped((c) => ({
    url: `${V1}/marketplaces/custom`,
    body: { name: `From flow ${unique()}`, chatflowId: c.ids.flow },
  })),
  'GET /api/v1/marketplaces/custom/{id}': scoped((c) => ({ url: `${V1}/marketplaces/custom/${c.ids.template}` })),
  'DELETE /api/v1/marketplaces/custom/{id}': scoped(async (c) => ({
    url: `${V1}/marketplaces/custom/${await c.world.make.template(owner(c), c.ids.tool)}`,
  })),

  // Assistants.
  'GET /api/v1/assistants': unscoped('/assistants'),
  'POST /api/v1/assistants': unscoped('/assistants', {
    type: 'CUSTOM',
    details: JSON.stringify({ name: 'Made', instruction: 'Be brief', tools: [], documentStores: [] }),
  }),
  'GET /api/v1/assistants/{id}': scoped((c) => ({ url: `${V1}/assistants/${c.ids.assistant}` })),
  'PUT /api/v1/assistants/{id}': scoped((c) => ({
    url: `${V1}/assistants/${c.ids.assistant}`,
    body: { details: JSON.stringify({ name: 'Renamed', instruction: 'Be brief', tools: [], documentStores: [] }) },
  })),
  'DELETE /api/v1/assistants/{id}': scoped(async (c) => ({
    url: `${V1}/assistants/${await c.world.make.assistant(owner(c))}`,
  })),
  // OpenAI assistants at the provider (its stand-in on this test's port), reached with the workspace's credential.
  'GET /api/v1/openai-assistants': scoped((c) => ({ url: `${V1}/openai-assistants?${cred(c)}` }), {
    foreign: CREDENTIAL,
  }),
  'GET /api/v1/openai-assistants/{id}': scoped(
    (c) => ({ url: `${V1}/openai-assistants/${c.ids.providerAssistant}?${cred(c)}` }),
    { foreign: CREDENTIAL },
  ),
  'POST /api/v1/openai-assistants-file/upload': scoped(
    (c) => upload(`${V1}/openai-assistants-file/upload?${cred(c)}`),
    { foreign: CREDENTIAL },
  ),
  'GET /api/v1/openai-assistants-vector-store': scoped(
    (c) => ({ url: `${V1}/openai-assistants-vector-store?${cred(c)}` }),
    { foreign: CREDENTIAL },
  ),
  'POST /api/v1/openai-assistants-vector-store': scoped(
    (c) => ({ url: `${V1}/openai-assistants-vector-store?${cred(c)}`, body: { name: 'Made' } }),
    { foreign: CREDENTIAL },
  ),
  'GET /api/v1/openai-assistants-vector-store/{id}': scoped(
    (c) => ({ url: `${V1}/openai-assistants-vector-store/${c.ids.vectorStore}?${cred(c)}` }),
    { foreign: CREDENTIAL },
  ),
  'PUT /api/v1/openai-assistants-vector-store/{id}': scoped(
    (c) => ({ url: `${V1}/openai-assistants-vector-store/${c.ids.vectorStore}?${cred(c)}`, body: { name: 'Renamed' } }),
    { foreign: CREDENTIAL },
  ),
  'DELETE /api/v1/openai-assistants-vector-store/{id}': scoped(
    async (c) => {
      const { store } = await c.world.make.vectorStore(owner(c), c.ids.credential)
      return { url: `${V1}/openai-assistants-vector-store/${store}?${cred(c)}` }
    },
    { foreign: CREDENTIAL },
  ),
  'POST /api/v1/openai-assistants-vector-store/{id}': scoped(
    (c) => upload(`${V1}/openai-assistants-vector-store/${c.ids.vectorStore}?${cred(c)}`),
    { foreign: CREDENTIAL },
  ),
  'GET /api/v1/openai-assistants-vector-store/{id}/files': scoped(
    (c) => ({ url: `${V1}/openai-assistants-vector-store/${c.ids.vectorStore}/files?${cred(c)}` }),
    { foreign: CREDENTIAL },
  ),
  'DELETE /api/v1/openai-assistants-vector-store/{id}/files': scoped(
    async (c) => {
      const { store, file } = await c.world.make.vectorStore(owner(c), c.ids.credential)
      return { url: `${V1}/openai-assistants-vector-store/${store}/files?${cred(c)}`, body: { file_ids: [file] } }
    },
    { foreign: CREDENTIAL },
  ),

  // Credentials, variables, tools, API keys.
  'GET /api/v1/credentials': unscoped('/credentials'),
  'POST /api/v1/credentials': unscoped('/credentials', {
    name: 'Made',
    credentialName: 'openAIApi',
    plainDataObj: { openAIApiKey: 'sk-made' },
  }),
  'GET /api/v1/credentials/{id}': scoped((c) => ({ url: `${V1}/credentials/${c.ids.credential}` })),
  'PUT /api/v1/credentials/{id}': scoped((c) => ({
    url: `${V1}/credentials/${c.ids.credential}`,
    body: { name: 'Renamed' },
  })),
  'DELETE /api/v1/credentials/{id}': scoped(async (c) => ({
    url: `${V1}/credentials/${await c.world.make.credential(owner(c))}`,
  })),
  'GET /api/v1/components-credentials': unscoped('/components-credentials'),
  'GET /api/v1/components-credentials/{name}': unscoped('/components-credentials/openAIApi'),
  'GET /api/v1/variables': unscoped('/variables'),
  'POST /api/v1/variables': {
    scoped: false,
    build: () => ({ url: `${V1}/variables`, body: { name: `made_${unique()}`, value: 'v', type: 'static' } }),
  },
  'PUT /api/v1/variables/{id}': scoped((c) => ({ url: `${V1}/variables/${c.ids.variable}`, body: { value: 'w' } })),
  'DELETE /api/v1/variables/{id}': scoped(async (c) => ({
    url: `${V1}/variables/${await c.world.make.variable(owner(c))}`,
  })),
  'GET /api/v1/tools': unscoped('/tools'),
  'POST /api/v1/tools': {
    scoped: false,
    build: () => ({
      url: `${V1}/tools`,
      body: { name: `made_${unique()}`, description: 'Adds', color: '#4caf50', func: 'return 1' },
    }),
  },
  'GET /api/v1/tools/{id}': scoped((c) => ({ url: `${V1}/tools/${c.ids.tool}` })),
  'PUT /api/v1/tools/{id}': scoped((c) => ({ url: `${V1}/tools/${c.ids.tool}`, body: { description: 'Still adds' } })),
  'DELETE /api/v1/tools/{id}': scoped(async (c) => ({ url: `${V1}/tools/${await c.world.make.tool(owner(c))}` })),
  'POST /api/v1/tools/test': unscoped('/tools/test', { func: 'return 1' }),
  'GET /api/v1/apikey': unscoped('/apikey'),
  'POST /api/v1/apikey': scoped(
    (c) => ({
      url: `${V1}/apikey`,
      body: { keyName: `made ${unique()}`, permissions: ['chatflows:view'], flowIds: [c.ids.flow] },
    }),
    { foreign: PICK('body.flowIds') },
  ),
  'PUT /api/v1/apikey/{id}': scoped((c) => ({ url: `${V1}/apikey/${c.ids.apiKey}`, body: { keyName: 'Renamed' } })),
  'DELETE /api/v1/apikey/{id}': scoped(async (c) => ({
    url: `${V1}/apikey/${(await c.world.make.apiKey(owner(c))).id}`,
  })),

  // Running flows from the canvas, their messages and history.
  'POST /api/v1/internal-prediction/{id}': scoped((c) => ({
    url: `${V1}/internal-prediction/${c.ids.flow}`,
    body: { question: 'I am Bo', chatId: `matrix-${unique()}` },
  })),
  'POST /api/v1/vector/internal-upsert/{id}': scoped((c) => ({
    url: `${V1}/vector/internal-upsert/${c.ids.upsertFlow}`,
    body: {},
  })),
  'GET /api/v1/upsert-history/{id}': scoped((c) => ({ url: `${V1}/upsert-history/${c.ids.upsertFlow}` })),
  'GET /api/v1/chatmessage/{flowId}': scoped((c) => ({ url: `${V1}/chatmessage/${c.ids.flow}` })),
  'DELETE /api/v1/chatmessage/{flowId}': scoped(async (c) => ({
    url: `${V1}/chatmessage/${await c.world.make.flow(owner(c))}`,
  })),
  'GET /api/v1/stats/{flowId}': scoped((c) => ({ url: `${V1}/stats/${c.ids.flow}` })),
  'GET /api/v1/feedback/{id}': scoped((c) => ({ url: `${V1}/feedback/${c.ids.flow}` })),
  'GET /api/v1/leads/{flowId}': scoped((c) => ({ url: `${V1}/leads/${c.ids.flow}` })),

  // Executions.
  'GET /api/v1/executions': unscoped('/executions'),
  'DELETE /api/v1/executions': scoped(
    async (c) => ({
      url: `${V1}/executions`,
      body: { executionIds: [await c.world.make.execution(c.ids.workspaceId, c.ids.agentflow)] },
    }),
    {
      foreign: {
        status: 200,
        why: 'a bulk delete counts only the workspace’s own executions; another’s stays',
        body: (b: { deleted?: number }) => b.deleted === 0,
      },
    },
  ),
  'GET /api/v1/executions/{id}': scoped((c) => ({ url: `${V1}/executions/${c.ids.execution}` })),
  'PUT /api/v1/executions/{id}': scoped((c) => ({
    url: `${V1}/executions/${c.ids.execution}`,
    body: { isPublic: false },
  })),
  'DELETE /api/v1/executions/{id}': scoped(async (c) => ({
    url: `${V1}/executions/${await c.world.make.execution(c.ids.workspaceId, c.ids.agentflow)}`,
  })),
  'POST /api/v1/executions/{id}/resume': scoped(
    (c) => ({ url: `${V1}/executions/${c.ids.execution}/resume`, body: {} }),
    {
      allowed: { status: 409, why: 'only a run the server stopped can resume; the fixture run finished' },
    },
  ),

  // Export and import.
  'POST /api/v1/export-import/export': unscoped('/export-import/export', { variable: true }),
  'POST /api/v1/export-import/import': {
    scoped: false,
    build: async (c) => {
      const exported = await c.world.t.app.inject({
        method: 'POST',
        url: `${V1}/export-import/export`,
        payload: { variable: true },
        cookies: Object.fromEntries(c.world.places.W1.owner.jar),
      })
      return { url: `${V1}/export-import/import`, body: JSON.parse(exported.body) }
    },
  },
  'POST /api/v1/export-import/import-flowise': { scoped: false, build: flowiseUpload },

  // Document stores.
  'GET /api/v1/document-store/store': unscoped('/document-store/store'),
  'POST /api/v1/document-store/store': unscoped('/document-store/store', { name: 'Made', description: '' }),
  'GET /api/v1/document-store/store/{id}': scoped((c) => ({ url: `${V1}/document-store/store/${c.ids.store}` })),
  'PUT /api/v1/document-store/store/{id}': scoped((c) => ({
    url: `${V1}/document-store/store/${c.ids.store}`,
    body: { description: 'Changed' },
  })),
  'DELETE /api/v1/document-store/store/{id}': scoped(async (c) => ({
    url: `${V1}/document-store/store/${await c.world.make.store(owner(c))}`,
  })),
  'POST /api/v1/document-store/files/{storeId}': scoped(async (c) =>
    upload(`${V1}/document-store/files/${await c.world.make.store(owner(c))}`),
  ),
  'POST /api/v1/document-store/loader/preview': scoped((c) => ({
    url: `${V1}/document-store/loader/preview`,
    body: { storeId: c.ids.store, loaderId: 'plainText', loaderConfig: { text: 'Hello there' } },
  })),
  'POST /api/v1/document-store/loader/save': scoped(async (c) => ({
    url: `${V1}/document-store/loader/save`,
    body: { storeId: await c.world.make.store(owner(c)), loaderId: 'plainText', loaderConfig: { text: 'Hello there' } },
  })),
  'POST /api/v1/document-store/loader/process/{loaderId}': scoped(async (c) => ({
    url: `${V1}/document-store/loader/process/${(await c.world.make.loader(owner(c))).loader}`,
  })),
  'DELETE /api/v1/document-store/loader/{storeId}/{loaderId}': scoped(async (c) => {
    const { store, loader } = await c.world.make.loader(owner(c))
    return { url: `${V1}/document-store/loader/${store}/${loader}` }
  }),
  'GET /api/v1/document-store/chunks/{storeId}/{loaderId}/{pageNo}': scoped((c) => ({
    url: `${V1}/document-store/chunks/${c.ids.store}/${c.ids.loader}/1`,
  })),
  'PUT /api/v1/document-store/chunks/{storeId}/{loaderId}/{chunkId}': scoped((c) => ({
    url: `${V1}/document-store/chunks/${c.ids.store}/${c.ids.loader}/${c.ids.chunk}`,
    body: { pageContent: 'Holidays are booked in the staff portal.' },
  })),
  'DELETE /api/v1/document-store/chunks/{storeId}/{loaderId}/{chunkId}': scoped(async (c) => {
    const { store, loader, chunk } = await c.world.make.processedStore(owner(c))
    return { url: `${V1}/document-store/chunks/${store}/${loader}/${chunk}` }
  }),
  'GET /api/v1/document-store/jobs/{storeId}': scoped((c) => ({ url: `${V1}/document-store/jobs/${c.ids.store}` })),
  'POST /api/v1/document-store/jobs/{jobId}/cancel': scoped(async (c) => ({
    url: `${V1}/document-store/jobs/${await c.world.make.job(owner(c), c.ids.workspaceId)}/cancel`,
  })),
  'GET /api/v1/document-store/components/embeddings': unscoped('/document-store/components/embeddings'),
  'GET /api/v1/document-store/components/vectorstore': unscoped('/document-store/components/vectorstore'),
  'POST /api/v1/document-store/vectorstore/save': scoped((c) => ({
    url: `${V1}/document-store/vectorstore/save`,
    body: { storeId: c.ids.store, ...BUILT_IN_VECTORS },
  })),
  'POST /api/v1/document-store/vectorstore/insert': scoped(async (c) => ({
    url: `${V1}/document-store/vectorstore/insert`,
    body: { storeId: (await c.world.make.processedStore(owner(c))).store, ...BUILT_IN_VECTORS },
  })),
  'DELETE /api/v1/document-store/vectorstore/{storeId}': scoped(async (c) => ({
    url: `${V1}/document-store/vectorstore/${await c.world.make.store(owner(c))}`,
  })),
  'POST /api/v1/document-store/vectorstore/query': scoped((c) => ({
    url: `${V1}/document-store/vectorstore/query`,
    body: { storeId: c.ids.store, query: 'laptops' },
  })),
  'GET /api/v1/document-store/upsert-history/{storeId}': scoped((c) => ({
    url: `${V1}/document-store/upsert-history/${c.ids.store}`,
  })),

  // Server logs (organization admins and roles holding logs:view).
  'GET /api/v1/logs': unscoped('/logs'),
  'GET /api/v1/logs/{date}': {
    scoped: false,
    build: () => ({ url: `${V1}/logs/${new Date().toISOString().slice(0, 10)}` }),
  },

  // Queue mode's queues (organization admins and roles holding logs:view, like the logs). The matrix's
  // app runs every flow in its own process: GET /queue says so, a queue's jobs answer 404 naming it.
  'GET /api/v1/queue': unscoped('/queue'),
  'GET /api/v1/queue/{name}/jobs': { ...unscoped('/queue/chatflow-runs/jobs?state=failed'), allowed: QUEUE_MODE_OFF },
  'POST /api/v1/queue/{name}/jobs/{id}/retry': {
    ...unscoped('/queue/chatflow-runs/jobs/a-job/retry'),
    allowed: QUEUE_MODE_OFF,
  },
  'DELETE /api/v1/queue/{name}/jobs/{id}': { ...unscoped('/queue/chatflow-runs/jobs/a-job'), allowed: QUEUE_MODE_OFF },

  // Uploaded files: the route is any signed-in person's; a store file is seen under documentStores:view.
  'GET /api/v1/files': unscoped('/files'),
  'GET /api/v1/files/download': scoped((c) => ({ url: `${V1}/files/download?id=${encodeURIComponent(c.ids.file)}` }), {
    inner: [{ any: ['documentStores:view'], status: 403 }],
  }),
  'DELETE /api/v1/files': scoped(
    async (c) => ({ url: `${V1}/files?id=${encodeURIComponent(await c.world.make.storeFile(owner(c)))}` }),
    {
      inner: [
        { any: ['documentStores:view'], status: 404 },
        { any: ['documentStores:delete-loader', 'documentStores:delete'], status: 403, afterForeign: true },
      ],
    },
  ),

  // Workspaces and their members: an organization admin reaches every workspace of its organization,
  // anyone else only those it is a member of.
  'GET /api/v1/workspace': scoped((c) => ({ url: `${V1}/workspace?id=${c.ids.workspaceId}` }), {
    expect: orgAdminReaches,
  }),
  'POST /api/v1/workspace': scoped(
    (c) => ({ url: `${V1}/workspace`, body: { name: `Made ${unique()}`, organizationId: c.ids.organizationId } }),
    { expect: sameOrganization },
  ),
  'PUT /api/v1/workspace': scoped(
    (c) => ({ url: `${V1}/workspace`, body: { id: c.ids.workspaceId, description: `Changed by ${c.caller.name}` } }),
    { expect: orgAdminReaches },
  ),
  'DELETE /api/v1/workspace/{id}': scoped(
    async (c) => ({ url: `${V1}/workspace/${await c.world.make.workspace(c.ids.organizationId)}` }),
    // A fresh workspace of the case's organization: the caller is in none, so only its organization's admin reaches it.
    { expect: (c) => (c.kase === 'own workspace' && c.caller.permissions !== 'all' ? 404 : orgAdminReaches(c)) },
  ),
  'POST /api/v1/workspace/link-users/{id}': scoped(
    async (c) => ({
      url: `${V1}/workspace/link-users/${c.ids.workspaceId}`,
      body: { users: [{ userId: await c.world.make.person(c.ids.organizationId) }] },
    }),
    { expect: orgAdminReaches },
  ),
  'POST /api/v1/workspace/unlink-users/{id}': scoped(
    async (c) => ({
      url: `${V1}/workspace/unlink-users/${c.ids.workspaceId}`,
      body: { userIds: [await c.world.make.person(c.ids.organizationId, c.ids.workspaceId)] },
    }),
    { expect: orgAdminReaches },
  ),
  'GET /api/v1/workspaceuser': scoped((c) => ({ url: `${V1}/workspaceuser?workspaceId=${c.ids.workspaceId}` }), {
    expect: orgAdminReaches,
  }),
  'PUT /api/v1/workspaceuser': scoped(
    async (c) => ({
      url: `${V1}/workspaceuser`,
      body: {
        workspaceId: c.ids.workspaceId,
        userId: await c.world.make.person(c.ids.organizationId, c.ids.workspaceId),
        roleId: c.world.viewerRole,
      },
    }),
    { expect: orgAdminReaches },
  ),
  'DELETE /api/v1/workspaceuser': scoped(
    async (c) => {
      const userId = await c.world.make.person(c.ids.organizationId, c.ids.workspaceId)
      return { url: `${V1}/workspaceuser?workspaceId=${c.ids.workspaceId}&userId=${userId}` }
    },
    { expect: orgAdminReaches },
  ),

  // Roles belong to the organization: another workspace of the same organization is the same case as one's own.
  'GET /api/v1/role': scoped((c) => ({ url: `${V1}/role?id=${c.ids.role}` }), { expect: sameOrganization }),
  'POST /api/v1/role': scoped(
    (c) => ({
      url: `${V1}/role`,
      body: { name: `Made ${unique()}`, permissions: ['chatflows:view'], organizationId: c.ids.organizationId },
    }),
    { expect: sameOrganization },
  ),
  'PUT /api/v1/role': scoped((c) => ({ url: `${V1}/role`, body: { id: c.ids.role, description: 'Changed' } }), {
    expect: sameOrganization,
  }),
  'DELETE /api/v1/role/{id}': scoped(
    async (c) => ({
      url: `${V1}/role/${await c.world.make.role(owner(c))}?organizationId=${c.ids.organizationId}`,
    }),
    { expect: sameOrganization },
  ),
  'DELETE /api/v1/role': scoped(
    async (c) => ({
      url: `${V1}/role?id=${await c.world.make.role(owner(c))}&organizationId=${c.ids.organizationId}`,
    }),
    { expect: sameOrganization },
  ),

  // Sharing a workspace's tool read-only with other workspaces: the route takes any of the kinds'
  // permissions, then finds the item in the caller's workspace (404) and asks the tool's own (403).
  'GET /api/v1/workspace/shared/{id}': scoped((c) => ({ url: `${V1}/workspace/shared/${c.ids.tool}?itemType=tool` }), {
    inner: [{ any: ['tools:view'], status: 403, afterForeign: true }],
  }),
  'POST /api/v1/workspace/shared/{id}': scoped(
    (c) => ({ url: `${V1}/workspace/shared/${c.ids.tool}`, body: { itemType: 'tool', workspaceIds: [] } }),
    { inner: [{ any: ['tools:update'], status: 403, afterForeign: true }] },
  ),

  // Login activity and the audit log are the organization's (loginActivity:view, logs:view).
  'GET /api/v1/login-activity': unscoped('/login-activity'),
  'POST /api/v1/login-activity/delete': scoped(
    async (c) => {
      const listed = await c.world.t.app.inject({
        method: 'GET',
        url: `${V1}/login-activity`,
        cookies: Object.fromEntries(owner(c).jar),
      })
      const rows = (JSON.parse(listed.body) as { data?: { id: string }[] }).data ?? []
      if (!rows[0]) throw new Error(`No login activity in ${c.place.name} to delete: ${listed.body}`)
      return { url: `${V1}/login-activity/delete`, body: { selected: [rows[0].id] } }
    },
    {
      // The organization's sign-ins: another workspace of it is the caller's own case.
      expect: sameOrganization,
      foreign: {
        status: 200,
        why: 'a bulk delete counts only the organization’s own rows; another’s stay',
        body: (b: { deleted?: number }) => b.deleted === 0,
      },
    },
  ),
  'GET /api/v1/audit-logs': unscoped('/audit-logs'),
}
