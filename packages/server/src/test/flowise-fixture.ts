import { randomUUID } from 'node:crypto'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { encryptLikeFlowise, flowiseApiKey, type FlowiseFixtureRows } from './flowise-database.js'

// One Flowise installation with every kind of record a migration brings, and one it cannot (a
// message of a flow that was deleted), as Flowise 3.1.4 stores them.

const WORKSPACE = 'flowise-default-workspace'
const T0 = '2026-11-30T09:00:00.000Z'
const T1 = '2026-11-30T09:05:00.000Z'

export interface FlowiseFixture {
  rows: FlowiseFixtureRows
  ids: Record<
    | 'chatflow'
    | 'agentflow'
    | 'agentflowV2'
    | 'assistantFlow'
    | 'credential'
    | 'apiKey'
    | 'store'
    | 'loader'
    | 'answer',
    string
  >
  /** The key clients send; Flowise keeps it in apikey.apiKey. */
  apiKey: string
  /** The OpenAI key inside the credential, which must reach the model and never the report. */
  openAIKey: string
}

/** A conversation chain whose ChatOpenAI uses the credential and talks to `modelUrl`. */
function chatflowData(modelUrl: string, credentialId: string): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAI', 0, 0, { basePath: modelUrl, modelName: 'gpt-4o-mini' })
  const memory = flow.add('bufferMemory', 0, 400)
  const chain = flow.add('conversationChain', 400, 200)
  flow.connect(model, chain, 'model')
  flow.connect(memory, chain, 'memory')
  const data = flow.build()
  const nodes = data.nodes.map((node) =>
    node.id === model ? { ...node, data: { ...node.data, credential: credentialId } } : node,
  )
  return JSON.stringify({ ...data, nodes })
}

const single = (name: string) => {
  const flow = templateFlow()
  flow.add(name, 0, 0)
  return JSON.stringify(flow.build())
}

export function flowiseFixture(modelUrl: string, encryptionKey: string): FlowiseFixture {
  const ids = {
    chatflow: randomUUID(),
    agentflow: randomUUID(),
    agentflowV2: randomUUID(),
    assistantFlow: randomUUID(),
    credential: randomUUID(),
    apiKey: 'k3Pq9ZrT2aBcD4eFgH6j', // Flowise's apikey ids are 20 characters, no UUID
    store: randomUUID(),
    loader: randomUUID(),
    answer: randomUUID(),
  }
  const openAIKey = `sk-migrated-${randomUUID()}`
  const { apiKey, apiSecret } = flowiseApiKey()
  const flow = (id: string, name: string, type: string, flowData: string, more: Record<string, unknown> = {}) => ({
    id,
    name,
    type,
    flowData,
    deployed: false,
    isPublic: false,
    workspaceId: WORKSPACE,
    createdDate: T0,
    updatedDate: T1,
    ...more,
  })
  const question = randomUUID()
  const rows: FlowiseFixtureRows = {
    credential: [
      {
        id: ids.credential,
        name: 'OpenAI production',
        credentialName: 'openAIApi',
        encryptedData: encryptLikeFlowise({ openAIApiKey: openAIKey }, encryptionKey),
        workspaceId: WORKSPACE,
        createdDate: T0,
        updatedDate: T0,
      },
    ],
    apikey: [
      {
        id: ids.apiKey,
        apiKey,
        apiSecret,
        keyName: 'Website',
        permissions: '["chatflows:view","chatflows:sso"]',
        workspaceId: WORKSPACE,
        updatedDate: T0,
      },
    ],
    chat_flow: [
      flow(ids.chatflow, 'Support bot', 'CHATFLOW', chatflowData(modelUrl, ids.credential), {
        deployed: true,
        apikeyid: ids.apiKey,
        chatbotConfig: '{"welcomeMessage":"Hello from Flowise"}',
      }),
      flow(ids.agentflow, 'Research team', 'MULTIAGENT', single('supervisor')),
      flow(ids.agentflowV2, 'Triage', 'AGENTFLOW', single('startAgentflow')),
      flow(
        ids.assistantFlow,
        'Helper assistant flow',
        'ASSISTANT',
        JSON.stringify({ nodes: [], edges: [], viewport: { x: 0, y: 0, zoom: 1 } }),
      ),
    ],
    assistant: [
      {
        id: randomUUID(),
        details: '{"name":"Helper","instruction":"Be brief"}',
        credential: ids.credential,
        type: 'CUSTOM',
        workspaceId: WORKSPACE,
        createdDate: T0,
        updatedDate: T0,
      },
    ],
    tool: [
      {
        id: randomUUID(),
        name: 'get_weather',
        description: 'Weather of a city',
        color: 'linear-gradient(rgb(1,2,3), rgb(4,5,6))',
        schema: '[{"property":"city","type":"string","description":"City","required":true}]',
        func: 'return "sunny"',
        workspaceId: WORKSPACE,
        createdDate: T0,
        updatedDate: T0,
      },
    ],
    variable: [
      {
        id: randomUUID(),
        name: 'region',
        value: 'eu-west',
        type: 'static',
        workspaceId: WORKSPACE,
        createdDate: T0,
        updatedDate: T0,
      },
      // A name Weft's variables cannot have ({{$vars.api-token}} reads no variable): left behind.
      { id: randomUUID(), name: 'api-token', value: 't', type: 'static', workspaceId: WORKSPACE, createdDate: T0 },
    ],
    custom_template: [
      {
        id: randomUUID(),
        name: 'My template',
        flowData: single('startAgentflow'),
        description: 'Saved from Triage',
        badge: '',
        framework: '["Langchain"]',
        usecases: '["Support"]',
        type: 'AgentflowV2',
        workspaceId: WORKSPACE,
        createdDate: T0,
        updatedDate: T0,
      },
    ],
    chat_message: [
      {
        id: question,
        role: 'userMessage',
        chatflowid: ids.chatflow,
        content: 'Where is my order?',
        chatType: 'EXTERNAL',
        chatId: 'chat-1',
        sessionId: 'chat-1',
        createdDate: T0,
      },
      {
        id: ids.answer,
        role: 'apiMessage',
        chatflowid: ids.chatflow,
        content: 'It ships today.',
        chatType: 'EXTERNAL',
        chatId: 'chat-1',
        sessionId: 'chat-1',
        createdDate: T1,
      },
      {
        id: randomUUID(),
        role: 'userMessage',
        chatflowid: randomUUID(),
        content: 'A flow deleted since',
        chatType: 'INTERNAL',
        chatId: 'chat-2',
        createdDate: T0,
      },
    ],
    chat_message_feedback: [
      {
        id: randomUUID(),
        chatflowid: ids.chatflow,
        chatId: 'chat-1',
        messageId: ids.answer,
        rating: 'THUMBS_UP',
        content: 'Quick',
        createdDate: T1,
      },
    ],
    lead: [
      {
        id: randomUUID(),
        name: 'Ada',
        email: 'ada@example.com',
        phone: '+44 1',
        chatflowid: ids.chatflow,
        chatId: 'chat-1',
        createdDate: T1,
      },
    ],
    document_store: [
      {
        id: ids.store,
        name: 'Handbook',
        description: 'Company handbook',
        status: 'UPSERTED',
        whereUsed: JSON.stringify([ids.chatflow]),
        loaders: JSON.stringify([
          {
            id: ids.loader,
            loaderId: 'plainText',
            loaderName: 'Plain Text',
            loaderConfig: { text: 'Holidays are 25 days.' },
            splitterId: 'characterTextSplitter',
            splitterName: 'Character Text Splitter',
            splitterConfig: { chunkSize: 1000 },
            totalChunks: 1,
            totalChars: 21,
            status: 'SYNC',
          },
        ]),
        workspaceId: WORKSPACE,
        createdDate: T0,
        updatedDate: T1,
      },
    ],
    document_store_file_chunk: [
      {
        id: randomUUID(),
        docId: ids.loader,
        storeId: ids.store,
        chunkNo: 1,
        pageContent: 'Holidays are 25 days.',
        metadata: '{"source":"handbook"}',
      },
    ],
    execution: [
      {
        id: randomUUID(),
        agentflowId: ids.agentflowV2,
        sessionId: 'session-1',
        state: 'FINISHED',
        isPublic: false,
        executionData:
          '[{"nodeId":"startAgentflow_0","nodeLabel":"Start","data":{},"previousNodeIds":[],"status":"FINISHED"}]',
        workspaceId: WORKSPACE,
        createdDate: T0,
        updatedDate: T1,
        stoppedDate: T1,
      },
    ],
  }
  rows.upsert_history = [
    { id: randomUUID(), chatflowid: ids.chatflow, result: '{"numAdded":1}', flowData: '{}', date: T0 },
  ]
  // Flowise 3 keeps its evaluation runs and webhook calls as chat messages too.
  const message = (chatType: string, chatId: string) => ({
    id: randomUUID(),
    role: 'userMessage',
    chatflowid: ids.chatflow,
    content: 'Asked by Flowise itself',
    chatType,
    chatId,
    createdDate: T0,
  })
  rows.chat_message!.push(message('WEBHOOK', 'hook-1'), ...[1, 2, 3, 4].map((n) => message('EVALUATION', `eval-${n}`)))
  return { rows, ids, apiKey, openAIKey }
}
