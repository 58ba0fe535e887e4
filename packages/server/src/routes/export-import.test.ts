import { randomUUID } from 'node:crypto'
import { BUNDLE_GROUPS, type ExportBundle, type FlowData } from '@weft/core'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { EVERY_FLAG, EXPORT_URL, exportAll, IMPORT_URL, importAll, rowCounts } from '../test/bundles.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { createRole, signInMember } from '../test/workspace-members.js'

const DATE = '2026-03-01T10:00:00.000Z'
const later = (seconds: number) => new Date(Date.parse(DATE) + seconds * 1000).toISOString()

/** A chatflow whose model uses a stored credential. */
function modelFlow(credentialId: string): string {
  const flow = templateFlow()
  flow.add('chatOpenAI', 0, 0, { modelName: 'gpt-4o-mini' })
  const data: FlowData = flow.build()
  data.nodes[0]!.data.credential = credentialId
  data.nodes[0]!.data.inputs.credential = credentialId
  return JSON.stringify(data)
}

/** An agentflow whose HTTP step holds a typed-in token and whose LLM step's model uses a credential. */
function tokenFlow(credentialId: string): string {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 0)
  const http = flow.add('httpAgentflow', 200, 0, {
    url: 'https://example.com/orders',
    authType: 'bearer',
    bearerToken: 'tok-very-secret',
  })
  const llm = flow.add('llmAgentflow', 400, 0, {
    llmModel: 'chatOpenAI',
    llmModelConfig: { llmModel: 'chatOpenAI', credential: credentialId, modelName: 'gpt-4o-mini' },
  })
  flow.follow(start, http)
  flow.follow(http, llm)
  return JSON.stringify(flow.build())
}

/** A small bundle of fresh ids, as a user's file: a chatflow with an exchange and its feedback, a tool its node picks. */
function smallBundle() {
  const flowId = randomUUID()
  const toolId = randomUUID()
  const question = randomUUID()
  const answer = randomUUID()
  const flowData = JSON.stringify({
    nodes: [
      {
        id: 'customTool_0',
        type: 'customNode',
        position: { x: 0, y: 0 },
        data: {
          id: 'customTool_0',
          name: 'customTool',
          label: 'Custom Tool',
          inputParams: [],
          inputs: { selectedTool: toolId },
        },
      },
      {
        id: 'toolAgent_0',
        type: 'customNode',
        position: { x: 300, y: 0 },
        data: {
          id: 'toolAgent_0',
          name: 'toolAgent',
          label: 'Tool Agent',
          inputParams: [],
          inputs: { tools: ['{{customTool_0.data.instance}}'] },
        },
      },
    ],
    edges: [{ id: 'e1', source: 'customTool_0', target: 'toolAgent_0', sourceHandle: 's', targetHandle: 't' }],
    viewport: { x: 0, y: 0, zoom: 1 },
  })
  const message = (id: string, role: string, content: string, at: number) => ({
    id,
    role,
    chatflowid: flowId,
    content,
    chatType: 'EXTERNAL',
    chatId: 'chat-1',
    sessionId: 'chat-1',
    createdDate: later(at),
  })
  return {
    ids: { flowId, toolId, question, answer },
    bundle: {
      FileDefaultName: 'ExportData.json',
      ChatFlow: [{ id: flowId, name: 'Orders', flowData, type: 'CHATFLOW', createdDate: DATE, updatedDate: DATE }],
      Tool: [
        { id: toolId, name: 'order_status', description: 'Looks up an order', color: '#ffffff', func: 'return "ok"' },
      ],
      ChatMessage: [
        message(question, 'userMessage', 'Where is my order?', 1),
        message(answer, 'apiMessage', 'On its way.', 2),
      ],
      ChatMessageFeedback: [
        {
          id: randomUUID(),
          chatflowid: flowId,
          chatId: 'chat-1',
          messageId: answer,
          rating: 'THUMBS_UP',
          createdDate: later(3),
        },
      ],
    },
  }
}

describe.each(testDialects())('workspace export and import on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  const credential = async (
    credentialName = 'openAIApi',
    plainDataObj: object = { openAIApiKey: 'sk-stored-secret' },
  ) => (await admin.post('/api/v1/credentials', { name: 'Key', credentialName, plainDataObj })).body.id as string

  it('exports the chosen groups in Flowise’s format, the others empty', async () => {
    const flow = await createFlow(admin, modelFlow(await credential()), { name: 'Support' })
    await admin.post('/api/v1/variables', { name: 'region', value: 'eu' })
    const bundle = await exportAll(admin, { chatflow: true, tool: false })
    expect(Object.keys(bundle)).toEqual(['FileDefaultName', ...BUNDLE_GROUPS])
    expect(bundle.FileDefaultName).toBe('ExportData.json')
    expect(bundle.ChatFlow).toEqual([
      {
        id: flow.id,
        name: 'Support',
        flowData: expect.any(String),
        deployed: false,
        isPublic: false,
        apikeyid: null,
        chatbotConfig: null,
        apiConfig: null,
        analytic: null,
        speechToText: null,
        followUpPrompts: null,
        category: null,
        type: 'CHATFLOW',
        createdDate: flow.createdDate,
        updatedDate: flow.updatedDate,
      },
    ])
    expect(bundle.Variable).toEqual([])
    expect(JSON.stringify(bundle)).not.toContain('workspaceId')
  })

  it('never lets a credential or a password input leave, and imports such a flow back', async () => {
    const credentialId = await credential()
    await createFlow(admin, modelFlow(credentialId), { name: 'Chat' })
    await createFlow(admin, tokenFlow(credentialId), { name: 'Orders', type: 'AGENTFLOW' })
    const res = await admin.post(EXPORT_URL, EVERY_FLAG)
    expect(res.status).toBe(200)
    const text = JSON.stringify(res.body)
    for (const secret of [credentialId, 'tok-very-secret', 'sk-stored-secret']) expect(text).not.toContain(secret)
    const bundle = res.body as ExportBundle
    const http = JSON.parse(bundle.AgentFlowV2[0]!.flowData).nodes.find(
      (node: { id: string }) => node.id === 'httpAgentflow_0',
    )
    expect(http.data.inputs).toMatchObject({ url: 'https://example.com/orders', bearerToken: '' })

    await importAll(admin, bundle)
    const flows = (await admin.get('/api/v1/chatflows?type=CHATFLOW,AGENTFLOW')).body as { name: string }[]
    expect(flows.map((flow) => flow.name).sort()).toEqual(['Chat', 'Chat', 'Orders', 'Orders'])
  })

  it('answers 400 naming the flags when none is chosen', async () => {
    for (const body of [{}, { chatflow: false, tool: false }]) {
      const res = await admin.post(EXPORT_URL, body)
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/^body: choose at least one of agentflow, agentflowv2, .*variable to export$/)
    }
    expect((await admin.post(EXPORT_URL, { chatflow: 'yes' })).body.message).toBe(
      'body.chatflow: must be true or false',
    )
  })

  it('answers 500 with the failing step’s prefix when a stored flow cannot be read', async () => {
    const flow = await createFlow(admin, modelFlow(await credential()), { name: 'Broken' })
    await t.db.updateTable('flows').set({ flow_data: '{"nodes": [' }).where('id', '=', flow.id).execute()
    const res = await admin.post(EXPORT_URL, { chatflow: true })
    expect(res.status).toBe(500)
    expect(res.body.message).toMatch(
      new RegExp(`^exportImport\\.sanitizeChatflow - flow Broken \\(${flow.id}\\): flowData is not valid JSON`),
    )
  })

  it('refuses callers without workspace:export or workspace:import', async () => {
    const { bundle } = smallBundle()
    const viewer = await signInMember(t, admin, await createRole(t, admin, ['chatflows:view', 'tools:view']))
    expect((await viewer.post(EXPORT_URL, EVERY_FLAG)).status).toBe(403)
    expect((await viewer.post(IMPORT_URL, bundle)).status).toBe(403)
    const porter = await signInMember(t, admin, await createRole(t, admin, ['workspace:export', 'workspace:import']))
    expect((await porter.post(IMPORT_URL, bundle)).status).toBe(200)
    expect((await porter.post(EXPORT_URL, EVERY_FLAG)).body.ChatFlow).toHaveLength(1)
  })

  it('imports the same file twice: new ids the second time, every reference following them', async () => {
    const { bundle, ids } = smallBundle()
    await importAll(admin, bundle)
    await importAll(admin, bundle)
    const exported = await exportAll(admin)
    expect(exported.ChatFlow.map((flow) => flow.id)).toContain(ids.flowId)
    const copy = exported.ChatFlow.find((flow) => flow.id !== ids.flowId)!
    const tool = exported.Tool.find((candidate) => candidate.id !== ids.toolId)!
    expect(exported.ChatFlow).toHaveLength(2)
    expect(exported.Tool).toHaveLength(2)
    // The copy's node picks the copied tool; the first import kept the file's ids.
    const picks = (flowData: string) => JSON.parse(flowData).nodes[0].data.inputs.selectedTool
    expect(picks(exported.ChatFlow.find((flow) => flow.id === ids.flowId)!.flowData)).toBe(ids.toolId)
    expect(picks(copy.flowData)).toBe(tool.id)
    const copiedMessages = exported.ChatMessage.filter((message) => message.chatflowid === copy.id)
    expect(copiedMessages.map((message) => message.content)).toEqual(['Where is my order?', 'On its way.'])
    expect(copiedMessages.map((message) => message.id)).not.toContain(ids.question)
    expect(copiedMessages.map((message) => message.id)).not.toContain(ids.answer)
    const copiedFeedback = exported.ChatMessageFeedback.find((feedback) => feedback.chatflowid === copy.id)!
    expect(copiedFeedback.messageId).toBe(copiedMessages[1]!.id)
    // The API sees the copy's history as its own, with its dates kept.
    const history = (await admin.get(`/api/v1/chatmessage/${copy.id}`)).body as { createdDate: string }[]
    expect(history.map((message) => message.createdDate)).toEqual([later(1), later(2)])
  })

  it("keeps what belongs to this workspace only, and holds imports to the API's rules", async () => {
    const own = await credential('langsmithApi', { langSmithApiKey: 'lsv2-key' })
    const { bundle } = smallBundle()
    const foreign = randomUUID()
    const analytic = JSON.stringify({ langSmith: { status: true, credentialId: foreign, projectName: 'p' } })
    const tracing = JSON.stringify({ langSmith: { status: true, credentialId: own, projectName: 'p' } })
    const flows = [
      { ...bundle.ChatFlow[0], apikeyid: randomUUID(), analytic },
      { id: randomUUID(), name: 'Traced', flowData: '{"nodes":[],"edges":[]}', analytic: tracing },
    ]
    const assistant = (credentialId: string) => ({
      id: randomUUID(),
      details: '{"name":"Helper"}',
      credential: credentialId,
    })
    await importAll(admin, { ...bundle, ChatFlow: flows, AssistantOpenAI: [assistant(foreign), assistant(own)] })
    const exported = (await admin.get('/api/v1/chatflows')).body as {
      name: string
      apikeyid: string
      analytic: string
    }[]
    const orders = exported.find((flow) => flow.name === 'Orders')!
    expect(orders.apikeyid).toBeNull()
    expect(JSON.parse(orders.analytic)).toEqual({ langSmith: { status: false, projectName: 'p' } })
    expect(JSON.parse(exported.find((flow) => flow.name === 'Traced')!.analytic)).toEqual(JSON.parse(tracing))
    const credentials = await t.db.selectFrom('assistants').select('credential').orderBy('created_at').execute()
    expect(credentials.map((row) => row.credential).sort()).toEqual([own, null].sort())

    const before = await rowCounts(t.db)
    const secretOverride = JSON.stringify({
      overrideConfig: { status: true, nodes: { HTTP: [{ name: 'bearerToken', enabled: true }] } },
    })
    const locked = { id: randomUUID(), name: 'Orders', flowData: tokenFlow(own), apiConfig: secretOverride }
    const refusedFlow = await admin.post(IMPORT_URL, { AgentFlowV2: [locked] })
    expect(refusedFlow.body.message).toBe(
      'AgentFlowV2[0].apiConfig: bearerToken of HTTP can never be overridden: it is a secret, a file or code',
    )
    const serverSetting = { id: randomUUID(), name: 'WEFT_SECRET_KEY', type: 'runtime' }
    const refusedVariable = await admin.post(IMPORT_URL, { Variable: [serverSetting] })
    expect(refusedVariable.body.message).toBe(
      'Variable[0].name: WEFT_SECRET_KEY is a setting of the Weft server; a runtime variable cannot read it',
    )
    expect(await rowCounts(t.db)).toEqual(before)
  })

  describe('a bad file changes nothing', () => {
    const refused = async (payload: unknown, headers: Record<string, string> = {}) => {
      const before = await rowCounts(t.db)
      const res = await admin.post(IMPORT_URL, payload, headers)
      expect(await rowCounts(t.db)).toEqual(before)
      return res
    }

    it('truncated JSON', async () => {
      const text = JSON.stringify(smallBundle().bundle)
      const res = await refused(text.slice(0, text.length / 2), { 'content-type': 'application/json' })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe("Body is not valid JSON but content-type is set to 'application/json'")
    })

    it('a flow whose edges reference missing nodes, after good records', async () => {
      const { bundle } = smallBundle()
      const dangling = JSON.stringify({ nodes: [{ id: 'a_0', data: {} }], edges: [{ source: 'a_0', target: 'b_0' }] })
      const flow = { id: randomUUID(), name: 'Dangling', flowData: dangling }
      const res = await refused({ ...bundle, AgentFlowV2: [flow] })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(
        'AgentFlowV2[0].flowData: edges[0] has target "b_0", which is not a node of the flow',
      )
    })

    it('a chunk pointing at a missing store', async () => {
      const chunk = {
        id: randomUUID(),
        docId: randomUUID(),
        storeId: randomUUID(),
        chunkNo: 0,
        pageContent: 'x',
        metadata: '{}',
      }
      const res = await refused({ ...smallBundle().bundle, DocumentStoreFileChunk: [chunk] })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(
        `DocumentStoreFileChunk[0].storeId: no document store ${chunk.storeId} is in the file`,
      )
    })

    it('a field of the wrong type', async () => {
      const { bundle } = smallBundle()
      const res = await refused({ ...bundle, Tool: [{ ...bundle.Tool[0], name: ['order_status'] }] })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('Tool[0].name: must be text')
    })

    it('a message of a flow that is nowhere', async () => {
      const { bundle, ids } = smallBundle()
      const res = await refused({ ...bundle, ChatFlow: [] })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(
        `ChatMessage[0].chatflowid: no flow ${ids.flowId} is in the file or in this workspace`,
      )
    })

    it('a write the database refuses, after other records were written', async () => {
      const refuse =
        dialect.name === 'sqlite'
          ? [
              sql`CREATE TRIGGER refuse_templates BEFORE INSERT ON custom_templates BEGIN SELECT RAISE(ABORT, 'templates are read-only'); END`,
            ]
          : [
              sql`CREATE FUNCTION refuse_templates() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'templates are read-only'; END $$ LANGUAGE plpgsql`,
              sql`CREATE TRIGGER refuse_templates BEFORE INSERT ON custom_templates FOR EACH ROW EXECUTE FUNCTION refuse_templates()`,
            ]
      for (const statement of refuse) await statement.execute(t.db)
      const template = { id: randomUUID(), name: 'Kit', type: 'Tool', flowData: '{"name":"kit"}' }
      const res = await refused({ ...smallBundle().bundle, CustomTemplate: [template] })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/^The import failed and changed nothing: .*templates are read-only/)
    })

    it('a file over the size limit', async () => {
      const big = {
        ...smallBundle().bundle,
        Variable: [{ id: randomUUID(), name: 'big', value: 'x'.repeat(51 * 1024 * 1024) }],
      }
      const res = await refused(big)
      expect(res.status).toBe(413)
      expect(res.body.message).toBe('The request is too large: this call takes at most 50 MB')
    })
  })
})
