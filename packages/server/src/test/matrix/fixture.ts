import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { API_KEY_PERMISSIONS, BUILT_IN_ROLES, PERMISSIONS } from '@weft/core'
import type { InjectOptions } from 'fastify'
import { testFlowData } from '../../../../engine/src/testing/test-flow.js'
import { hashPassword } from '../../auth/passwords.js'
import { logFileName } from '../../log-files.js'
import type { AppContext } from '../../context.js'
import { createOrganization } from '../../services/organization.service.js'
import {
  BUILT_IN_VECTORS,
  HANDBOOK_PARAGRAPHS,
  multipartFile,
  processedHandbookStore,
  waitForJob,
} from '../document-stores.js'
import { templateFlowData } from '../flows.js'
import { ADMIN, browser, setUpAdmin, type Browser, type TestApp } from '../harness.js'
import { assistantBody, createProviderCredential, detailsOf } from '../provider-assistants.js'
import { builtInRoleId, switchWorkspace } from '../workspace-members.js'

// The world the authorization matrix walks: organization A with workspaces W1 (default) and W2,
// organization B with B1 (default) and B2, each workspace holding one of every object the API
// addresses by id, made through the API by the workspace's owner; and the callers, each signed in
// through POST /api/v1/auth/login or holding an API key of W1.

export const CALLERS = [
  'no session',
  'API key of W1',
  'viewer',
  'member',
  'workspace admin',
  'organization admin',
  'member of B',
] as const
export type CallerName = (typeof CALLERS)[number]

export const CASES = ['own workspace', 'other workspace', 'other organization'] as const
export type CaseName = (typeof CASES)[number]

export type PlaceName = 'W1' | 'W2' | 'B1' | 'B2'

/** What an API key of W1 may do: most of the key permissions, less some writes, so keys meet both 2xx and 403. */
export const KEY_PERMISSIONS: string[] = API_KEY_PERMISSIONS.filter(
  (p) =>
    ![
      'credentials:create',
      'credentials:update',
      'credentials:delete',
      'apikeys:create',
      'apikeys:update',
      'apikeys:delete',
      'tools:delete',
      'documentStores:delete',
      'workspace:import',
    ].includes(p),
)

/** A workspace admin: every permission but the organization's own (people, roles, SSO, sign-ins, logs). */
const WORKSPACE_ADMIN_FALLBACK: string[] = PERMISSIONS.filter(
  (p) => !['sso:manage', 'roles:manage', 'users:manage', 'loginActivity:view', 'logs:view'].includes(p),
)

/** The built-in role's permission list from core, as the server's check must apply it. */
const builtIn = (name: string): readonly string[] | undefined =>
  BUILT_IN_ROLES.find((r) => r.name === name)?.permissions

export interface Client {
  name: string
  headers: Record<string, string>
  cookies: () => Record<string, string>
  /** The permissions the caller holds; 'all' for an organization admin; undefined when not signed in. */
  permissions: readonly string[] | 'all' | undefined
  isKey: boolean
  /** Where the caller's cases point: its own workspace, another of its organization, another organization. */
  places: Record<CaseName, PlaceName>
  /** Signs the same person in again (a session of its own, for sign-out); undefined for keys and nobody. */
  signInAgain?: () => Promise<Client>
}

export interface Ids {
  workspaceId: string
  organizationId: string
  /** A custom role of the workspace's organization, made by its owner. */
  role: string
  flow: string
  agentflow: string
  /** A chatflow that upserts a Plain Text loader into the embedded vector store. */
  upsertFlow: string
  /** An OpenAI credential of the workspace, reaching the Assistants API stand-in. */
  credential: string
  /** The provider's ids of an assistant and a vector store made with that credential. */
  providerAssistant: string
  vectorStore: string
  variable: string
  tool: string
  apiKey: string
  template: string
  assistant: string
  store: string
  loader: string
  chunk: string
  execution: string
  chatId: string
  message: string
  feedback: string
  job: string
  /** A document store file no loader reads, by its GET /files id. */
  file: string
}

export interface Place {
  name: PlaceName
  owner: Browser
  ids: Ids
}

export interface World {
  t: TestApp
  places: Record<PlaceName, Place>
  callers: Record<CallerName, Client>
  /** Fresh objects in a place, for operations that delete or consume what they address. */
  make: Makers
  /** The id of a built-in marketplace template. */
  marketplaceTemplate: string
  /** The built-in viewer role's id. */
  viewerRole: string
  /** The issuer of an OpenID provider on loopback, when the test started one. */
  oidcIssuer?: string
}

const now = () => new Date().toISOString()
const PASSWORD = 'matrix-password-1'

async function ok<T = any>(
  res: Promise<{ status: number; body: any }>,
  what: string,
  status: number[] = [200, 201],
): Promise<T> {
  const r = await res
  if (!status.includes(r.status)) throw new Error(`Fixture: ${what} answered ${r.status} ${JSON.stringify(r.body)}`)
  return r.body as T
}

const hashes = new Map<string, Promise<string>>()
/** Hashing is slow on purpose: each password is hashed once, its hash shared by the people holding it. */
const hashOf = (password: string): Promise<string> => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password))
  return hashes.get(password)!
}

async function insertUser(t: TestApp, email: string, password: string): Promise<string> {
  const id = randomUUID()
  await t.db
    .insertInto('users')
    .values({
      id,
      email,
      name: email.split('@')[0]!,
      password_hash: await hashOf(password),
      status: 'active',
      is_sso: 0,
      last_login: null,
      created_at: now(),
      updated_at: now(),
    })
    .execute()
  return id
}

async function link(t: TestApp, userId: string, organizationId: string, workspaceId: string, roleId: string | null) {
  await t.db
    .insertInto('organization_users')
    .values({
      organization_id: organizationId,
      user_id: userId,
      role_id: roleId,
      is_admin: 0,
      status: 'active',
      created_at: now(),
    })
    .execute()
  await t.db
    .insertInto('workspace_users')
    .values({
      workspace_id: workspaceId,
      user_id: userId,
      role_id: roleId,
      status: 'active',
      last_login: null,
      created_at: now(),
    })
    .execute()
}

async function addWorkspaceRow(t: TestApp, organizationId: string, name: string, adminId: string): Promise<string> {
  const id = randomUUID()
  await t.db
    .insertInto('workspaces')
    .values({
      id,
      organization_id: organizationId,
      name,
      description: '',
      is_default: 0,
      created_at: now(),
      updated_at: now(),
    })
    .execute()
  await t.db
    .insertInto('workspace_users')
    .values({
      workspace_id: id,
      user_id: adminId,
      role_id: null,
      status: 'active',
      last_login: null,
      created_at: now(),
    })
    .execute()
  return id
}

async function signIn(t: TestApp, email: string, password: string): Promise<Browser> {
  const b = browser(t.app)
  await ok(b.post('/api/v1/auth/login', { email, password }), `signing in ${email}`)
  return b
}

export function makers(t: TestApp, providerUrl: string) {
  const flowData = templateFlowData('Conversation with Memory')
  return {
    async flow(owner: Browser, type: 'CHATFLOW' | 'AGENTFLOW' = 'CHATFLOW'): Promise<string> {
      const data = type === 'CHATFLOW' ? await flowData : JSON.stringify({ nodes: [], edges: [] })
      return (await ok(owner.post('/api/v1/chatflows', { name: `Flow ${type}`, type, flowData: data }), 'a flow')).id
    },
    async upsertFlow(owner: Browser): Promise<string> {
      const ref = (id: string) => `{{${id}.data.instance}}`
      const data = testFlowData([
        { id: 'plainText_0', label: 'Plain Text', inputs: { text: HANDBOOK_PARAGRAPHS.join('\n\n') } },
        { id: 'offlineEmbeddings_0' },
        {
          id: 'embeddedVectorStore_0',
          inputs: { collectionName: 'matrix', document: [ref('plainText_0')], embeddings: ref('offlineEmbeddings_0') },
        },
      ])
      const body = { name: 'Upserts', type: 'CHATFLOW', flowData: JSON.stringify(data) }
      return (await ok(owner.post('/api/v1/chatflows', body), 'an upserting flow')).id
    },
    /** An OpenAI credential that reaches the Assistants API stand-in. */
    async credential(owner: Browser): Promise<string> {
      return createProviderCredential(owner, 'OPENAI', providerUrl)
    },
    /** An assistant made at the provider with the credential; answers the provider's id. */
    async providerAssistant(owner: Browser, credential: string): Promise<string> {
      const made = await ok(
        owner.post('/api/v1/assistants', assistantBody('OPENAI', credential, {})),
        'an OpenAI assistant',
      )
      return detailsOf(made).id!
    },
    /** A file uploaded to the provider with the credential; answers its id. */
    async providerFile(owner: Browser, credential: string): Promise<string> {
      const { body, contentType } = await multipartFile('notes.txt', 'Alpha', 'text/plain')
      const url = `/api/v1/openai-assistants-file/upload?credential=${credential}`
      return (await ok(owner.post(url, body, { 'content-type': contentType }), 'a provider file'))[0].id
    },
    /** A vector store at the provider holding one file; answers both ids. */
    async vectorStore(owner: Browser, credential: string): Promise<{ store: string; file: string }> {
      const file = await this.providerFile(owner, credential)
      const url = `/api/v1/openai-assistants-vector-store?credential=${credential}`
      return { store: (await ok(owner.post(url, { name: 'Docs', file_ids: [file] }), 'a vector store')).id, file }
    },
    async variable(owner: Browser): Promise<string> {
      const body = { name: `var_${randomUUID().slice(0, 8)}`, value: 'v', type: 'static' }
      return (await ok(owner.post('/api/v1/variables', body), 'a variable')).id
    },
    async tool(owner: Browser): Promise<string> {
      const body = { name: `tool_${randomUUID().slice(0, 8)}`, description: 'Adds', color: '#4caf50', func: 'return 1' }
      return (await ok(owner.post('/api/v1/tools', body), 'a tool')).id
    },
    async apiKey(owner: Browser, permissions: string[] = ['chatflows:view']): Promise<{ id: string; apiKey: string }> {
      return ok(owner.post('/api/v1/apikey', { keyName: `key ${randomUUID().slice(0, 8)}`, permissions }), 'an API key')
    },
    async template(owner: Browser, toolId: string): Promise<string> {
      const tool = (await owner.get(`/api/v1/tools/${toolId}`)).body
      const body = { name: `tpl ${randomUUID().slice(0, 8)}`, tool: { ...tool, iconSrc: tool.iconSrc ?? undefined } }
      const created = await owner.post('/api/v1/marketplaces/custom', {
        name: body.name,
        tool: {
          name: tool.name,
          description: tool.description,
          color: tool.color,
          func: tool.func,
          schema: tool.schema,
        },
      })
      return (await ok(Promise.resolve(created), 'a custom template')).id
    },
    async assistant(owner: Browser): Promise<string> {
      const details = JSON.stringify({ name: 'Helper', instruction: 'Be brief', tools: [], documentStores: [] })
      return (await ok(owner.post('/api/v1/assistants', { type: 'CUSTOM', details }), 'an assistant')).id
    },
    async store(owner: Browser): Promise<string> {
      return (await ok(owner.post('/api/v1/document-store/store', { name: 'Empty', description: '' }), 'a store')).id
    },
    /** A store with a processed loader of four chunks. */
    async processedStore(owner: Browser): Promise<{ store: string; loader: string; chunk: string }> {
      const { store, loaderId } = await processedHandbookStore(owner)
      const page = await ok(owner.get(`/api/v1/document-store/chunks/${store.id}/${loaderId}/1`), 'the chunks')
      return { store: store.id, loader: loaderId, chunk: page.chunks[0].id }
    },
    /** A saved, unprocessed loader of a new store. */
    async loader(owner: Browser): Promise<{ store: string; loader: string }> {
      const store = await this.store(owner)
      const loader = await ok(
        owner.post('/api/v1/document-store/loader/save', {
          storeId: store,
          loaderId: 'plainText',
          loaderConfig: { text: HANDBOOK_PARAGRAPHS.join('\n\n') },
        }),
        'a loader',
      )
      return { store, loader: loader.id }
    },
    async execution(workspaceId: string, agentflowId: string): Promise<string> {
      const id = randomUUID()
      await t.db
        .insertInto('executions')
        .values({
          id,
          workspace_id: workspaceId,
          agentflow_id: agentflowId,
          session_id: `session-${id.slice(0, 8)}`,
          state: 'FINISHED',
          execution_data: JSON.stringify([
            { nodeId: 'startAgentflow_0', data: { name: 'startAgentflow', input: { question: 'q' } } },
          ]),
          action: null,
          checkpoint: null,
          error: null,
          interrupted: 0,
          is_public: 0,
          parent_execution_id: null,
          stopped_at: null,
          created_at: now(),
          updated_at: now(),
        })
        .execute()
      return id
    },
    /** A file uploaded to a new store that no loader reads; answers its id in GET /files. */
    async storeFile(owner: Browser): Promise<string> {
      const store = await this.store(owner)
      const name = `free-${randomUUID().slice(0, 8)}.txt`
      const { body, contentType } = await multipartFile(name, 'Loose notes', 'text/plain')
      await ok(
        owner.post(`/api/v1/document-store/files/${store}`, body, { 'content-type': contentType }),
        'a store file',
      )
      const files = (await ok(owner.get('/api/v1/files'), 'the files')).files as { id: string; name: string }[]
      const file = files.find((f) => f.name === name)
      if (!file) throw new Error(`Fixture: ${name} is not in GET /files`)
      return file.id
    },
    /** A new workspace of the organization, its admin a member. */
    async workspace(organizationId: string): Promise<string> {
      const admin = await t.db
        .selectFrom('organization_users')
        .select('user_id')
        .where('organization_id', '=', organizationId)
        .where('is_admin', '=', 1)
        .executeTakeFirstOrThrow()
      return addWorkspaceRow(t, organizationId, `Fresh ${randomUUID().slice(0, 8)}`, admin.user_id)
    },
    /** A new person of the organization, a member of `workspaceId` (with the member role) when given. */
    async person(organizationId: string, workspaceId?: string): Promise<string> {
      const id = await insertUser(t, `person-${randomUUID().slice(0, 8)}@example.com`, PASSWORD)
      const member = await builtInRoleId(t, 'member')
      await t.db
        .insertInto('organization_users')
        .values({
          organization_id: organizationId,
          user_id: id,
          role_id: member,
          is_admin: 0,
          status: 'active',
          created_at: now(),
        })
        .execute()
      if (workspaceId) {
        await t.db
          .insertInto('workspace_users')
          .values({
            workspace_id: workspaceId,
            user_id: id,
            role_id: member,
            status: 'active',
            last_login: null,
            created_at: now(),
          })
          .execute()
      }
      return id
    },
    /** A custom role of the owner's organization. */
    async role(owner: Browser): Promise<string> {
      const body = { name: `Role ${randomUUID().slice(0, 8)}`, description: '', permissions: ['chatflows:view'] }
      return (await ok(owner.post('/api/v1/role', body), 'a role')).id
    },
    /** An invitation to the owner's workspace; answers the invited e-mail. */
    async invitation(owner: Browser): Promise<string> {
      const email = `invited-${randomUUID().slice(0, 8)}@example.com`
      await ok(owner.post('/api/v1/account/invite', { email }), 'an invitation')
      return email
    },
    /** A queued job of a new store, for cancelling. */
    async job(owner: Browser, workspaceId: string): Promise<string> {
      const store = await this.store(owner)
      const id = randomUUID()
      await t.db
        .insertInto('document_store_jobs')
        .values({
          id,
          store_id: store,
          loader_id: null,
          workspace_id: workspaceId,
          kind: 'upsert',
          status: 'queued',
          done: 0,
          total: 1,
          error: null,
          created_at: now(),
          updated_at: now(),
        })
        .execute()
      return id
    },
  }
}
export type Makers = ReturnType<typeof makers>

async function populate(t: TestApp, make: Makers, name: PlaceName, owner: Browser): Promise<Place> {
  const me = (await owner.get('/api/v1/user')).body
  const workspaceId: string = me.activeWorkspaceId
  const flow = await make.flow(owner)
  const agentflow = await make.flow(owner, 'AGENTFLOW')
  const tool = await make.tool(owner)
  const processed = await make.processedStore(owner)
  const upsert = await ok(
    owner.post('/api/v1/document-store/vectorstore/insert', { storeId: processed.store, ...BUILT_IN_VECTORS }),
    'the upsert',
    [202],
  )
  await waitForJob(owner, processed.store, upsert.id)
  const chatId = `chat-${name}`
  const message = randomUUID()
  await t.db
    .insertInto('chat_messages')
    .values({
      id: message,
      workspace_id: workspaceId,
      chatflow_id: flow,
      role: 'apiMessage',
      content: 'Hello',
      source_documents: null,
      used_tools: null,
      chat_type: 'INTERNAL',
      chat_id: chatId,
      session_id: chatId,
      lead_email: null,
      created_at: now(),
      status: 'complete',
      follow_up_prompts: null,
      source: 'ui',
    })
    .execute()
  const feedback = randomUUID()
  await t.db
    .insertInto('chat_feedback')
    .values({
      id: feedback,
      workspace_id: workspaceId,
      chatflow_id: flow,
      chat_id: chatId,
      message_id: message,
      rating: 'THUMBS_UP',
      content: 'Good',
      created_at: now(),
    })
    .execute()
  const credential = await make.credential(owner)
  const ids: Ids = {
    workspaceId,
    organizationId: me.activeOrganizationId,
    role: await make.role(owner),
    flow,
    agentflow,
    upsertFlow: await make.upsertFlow(owner),
    credential,
    providerAssistant: await make.providerAssistant(owner, credential),
    vectorStore: (await make.vectorStore(owner, credential)).store,
    variable: await make.variable(owner),
    tool,
    apiKey: (await make.apiKey(owner)).id,
    template: await make.template(owner, tool),
    assistant: await make.assistant(owner),
    store: processed.store,
    loader: processed.loader,
    chunk: processed.chunk,
    execution: await make.execution(workspaceId, agentflow),
    chatId,
    message,
    feedback,
    job: upsert.id,
    file: await make.storeFile(owner),
  }
  return { name, owner, ids }
}

function personClient(
  t: TestApp,
  name: string,
  b: Browser,
  email: string,
  permissions: readonly string[] | 'all',
  places: Client['places'],
): Client {
  const client: Client = {
    name,
    headers: {},
    cookies: () => Object.fromEntries(b.jar),
    permissions,
    isKey: false,
    places,
    signInAgain: async () =>
      personClient(
        t,
        name,
        await signIn(t, email, email === ADMIN.email ? ADMIN.password : PASSWORD),
        email,
        permissions,
        places,
      ),
  }
  return client
}

/** Builds both organizations, their workspaces' objects and the callers. */
export async function buildWorld(t: TestApp, providerUrl: string): Promise<World> {
  const make = makers(t, providerUrl)
  const adminA = await setUpAdmin(t.app)
  const meA = (await adminA.get('/api/v1/user')).body
  const orgA: string = meA.activeOrganizationId
  const w1: string = meA.activeWorkspaceId
  const w2 = await addWorkspaceRow(t, orgA, 'Second', meA.id)

  const adminBEmail = 'bea@example.com'
  const b = await createOrganization({ db: t.db } as unknown as AppContext, {
    name: 'Bea Admin',
    email: adminBEmail,
    password: PASSWORD,
    status: 'active',
  })
  const b2 = await addWorkspaceRow(t, b.organizationId, 'Second', b.userId)

  const ownerW2 = await signIn(t, ADMIN.email, ADMIN.password)
  await switchWorkspace(ownerW2, w2)
  const adminB = await signIn(t, adminBEmail, PASSWORD)
  const ownerB2 = await signIn(t, adminBEmail, PASSWORD)
  await switchWorkspace(ownerB2, b2)

  const places: Record<PlaceName, Place> = {
    W1: await populate(t, make, 'W1', adminA),
    W2: await populate(t, make, 'W2', ownerW2),
    B1: await populate(t, make, 'B1', adminB),
    B2: await populate(t, make, 'B2', ownerB2),
  }

  // The workspace admin holds the built-in 'admin' role once core has it, else a custom role of the same intent.
  const adminRole = builtIn('admin')
  let adminRoleId: string
  if (adminRole) adminRoleId = await builtInRoleId(t, 'admin')
  else {
    adminRoleId = randomUUID()
    await t.db
      .insertInto('roles')
      .values({
        id: adminRoleId,
        organization_id: orgA,
        name: 'Workspace admin',
        description: '',
        permissions: JSON.stringify(WORKSPACE_ADMIN_FALLBACK),
        created_at: now(),
        updated_at: now(),
      })
      .execute()
  }
  const A = { 'own workspace': 'W1', 'other workspace': 'W2', 'other organization': 'B1' } as const
  const B = { 'own workspace': 'B1', 'other workspace': 'B2', 'other organization': 'W1' } as const
  const person = async (name: string, roleName: string | undefined, roleId: string, permissions: readonly string[]) => {
    const email = `${name.toLowerCase().replace(/\W/g, '-')}@example.com`
    const id = await insertUser(t, email, PASSWORD)
    const inB = name === 'member of B'
    await link(t, id, inB ? b.organizationId : orgA, inB ? b.workspaceId : w1, roleId)
    const signed = await signIn(t, email, PASSWORD)
    return personClient(t, name, signed, email, permissions, inB ? B : A)
  }
  const viewer = await person('viewer', 'viewer', await builtInRoleId(t, 'viewer'), builtIn('viewer')!)
  const member = await person('member', 'member', await builtInRoleId(t, 'member'), builtIn('member')!)
  const wsAdmin = await person('workspace admin', 'admin', adminRoleId, adminRole ?? WORKSPACE_ADMIN_FALLBACK)
  const memberB = await person('member of B', 'member', await builtInRoleId(t, 'member'), builtIn('member')!)
  const key = await make.apiKey(adminA, KEY_PERMISSIONS)

  const callers: Record<CallerName, Client> = {
    'no session': {
      name: 'no session',
      headers: {},
      cookies: () => ({}),
      permissions: undefined,
      isKey: false,
      places: A,
    },
    'API key of W1': {
      name: 'API key of W1',
      headers: { authorization: `Bearer ${key.apiKey}` },
      cookies: () => ({}),
      permissions: KEY_PERMISSIONS,
      isKey: true,
      places: A,
    },
    viewer,
    member,
    'workspace admin': wsAdmin,
    'organization admin': personClient(t, 'organization admin', adminA, ADMIN.email, 'all', A),
    'member of B': memberB,
  }
  // The test app logs nothing (LOG_LEVEL silent): a day's file as the server writes it, for /logs/{date}.
  const logs = join(t.config.home, 'logs')
  mkdirSync(logs, { recursive: true })
  const line = { level: 30, time: Date.now(), msg: 'Server listening', reqId: 'req-1' }
  writeFileSync(join(logs, logFileName(new Date().toISOString().slice(0, 10))), `${JSON.stringify(line)}\n`)
  const templates = (await adminA.get('/api/v1/marketplaces/templates')).body as { id: string }[]
  return {
    t,
    places,
    callers,
    make,
    marketplaceTemplate: templates[0]!.id,
    viewerRole: await builtInRoleId(t, 'viewer'),
  }
}

export type Method = InjectOptions['method']
