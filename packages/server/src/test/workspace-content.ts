import { randomUUID } from 'node:crypto'
import { EXECUTION_STATES, FLOW_TYPES, type LoaderStatus } from '@weft/core'
import fc from 'fast-check'
import type { Insertable, Kysely } from 'kysely'
import type { Database } from '../db/tables.js'
import { storeStatusOf } from '../services/document-store-rules.js'

// Random content of a workspace for the export → import → export property: every kind of record a
// bundle holds, referring to each other the ways users make them (a flow's node picks a tool, a
// store or another flow; an assistant picks tools, stores and its flow; messages, feedback and
// executions belong to flows; chunks to loaders). Written straight into the tables, like a
// workspace that has lived for a while.

const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,9}$/)
const words = fc.string({ maxLength: 24 })
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null })

const message = fc.record({
  content: words,
  status: fc.constantFrom('complete', 'stopped', 'failed'),
  source: maybe(fc.constantFrom('ui', 'api', 'embed')),
  rating: maybe(fc.constantFrom('THUMBS_UP', 'THUMBS_DOWN')),
  withDocuments: fc.boolean(),
})

const flow = fc.record({
  name: word,
  type: fc.constantFrom(...FLOW_TYPES),
  deployed: fc.boolean(),
  isPublic: fc.boolean(),
  category: maybe(word),
  followUps: fc.boolean(),
  picks: fc.record({ tool: fc.nat(), store: fc.nat(), flow: fc.nat() }),
  messages: fc.array(message, { maxLength: 3 }),
  executions: fc.array(
    fc.record({ state: fc.constantFrom(...EXECUTION_STATES), interrupted: fc.boolean(), parent: fc.boolean() }),
    { maxLength: 2 },
  ),
})

const loader = fc.record({
  text: words,
  status: fc.constantFrom<LoaderStatus>('NEW', 'SYNC', 'STALE', 'ERROR'),
  splitter: fc.boolean(),
  metadata: fc.boolean(),
  chunks: fc.array(words, { maxLength: 3 }),
})

export const workspaceContent = fc.record({
  flows: fc.array(flow, { minLength: 1, maxLength: 4 }),
  tools: fc.array(fc.record({ name: word, description: words, func: maybe(words) }), { maxLength: 3 }),
  variables: fc.uniqueArray(fc.record({ name: word, value: words, runtime: fc.boolean() }), {
    maxLength: 3,
    selector: (variable) => variable.name,
  }),
  stores: fc.array(
    fc.record({ name: word, withEmbedding: fc.boolean(), loaders: fc.array(loader, { maxLength: 2 }) }),
    {
      maxLength: 2,
    },
  ),
  assistants: fc.array(
    fc.record({
      type: fc.constantFrom('CUSTOM', 'OPENAI', 'AZURE'),
      name: word,
      picks: fc.record({ tool: fc.nat(), store: fc.nat(), flow: fc.nat() }),
    }),
    { maxLength: 2 },
  ),
  templates: fc.array(fc.record({ name: word, type: fc.constantFrom('Chatflow', 'AgentflowV2', 'Tool') }), {
    maxLength: 2,
  }),
})

export type WorkspaceContent = typeof workspaceContent extends fc.Arbitrary<infer T> ? T : never

const pick = <T>(list: readonly T[], index: number): T | undefined => list[index % Math.max(list.length, 1)]

/** A flow's data whose nodes pick a tool, a store and another flow by id, as Flowise saves those picks. */
function flowData(picks: { tool?: string; store?: string; flow?: string }): string {
  const node = (id: string, name: string, inputs: Record<string, unknown>, params: [string, string][] = []) => ({
    id,
    type: 'customNode',
    position: { x: 0, y: 0 },
    data: {
      id,
      name,
      label: name,
      inputParams: params.map(([param, type]) => ({ label: param, name: param, type })),
      inputs,
      outputs: {},
    },
  })
  const model = node(
    'chatOpenAI_0',
    'chatOpenAI',
    { modelName: 'gpt-4o-mini', apiKey: 'sk-typed-in', credential: 'cred-1' },
    [['apiKey', 'password']],
  )
  return JSON.stringify({
    nodes: [
      node('customTool_0', 'customTool', { selectedTool: picks.tool ?? '' }),
      node('documentStoreVS_0', 'documentStoreVS', { selectedStore: picks.store ?? '' }),
      node('executeFlowAgentflow_0', 'executeFlowAgentflow', { executeFlowSelectedFlow: picks.flow ?? '' }),
      { ...model, data: { ...model.data, credential: 'cred-1' } },
    ],
    edges: [
      { id: 'e1', source: 'customTool_0', target: 'executeFlowAgentflow_0', sourceHandle: 'a', targetHandle: 'b' },
      { id: 'e2', source: 'documentStoreVS_0', target: 'executeFlowAgentflow_0', sourceHandle: 'a', targetHandle: 'b' },
    ],
    viewport: { x: 0, y: 0, zoom: 1 },
  })
}

/** Writes the content into the workspace; every row gets a time of its own, so exports list them in one order. */
export async function writeContent(
  db: Kysely<Database>,
  workspaceId: string,
  content: WorkspaceContent,
): Promise<void> {
  let clock = Date.parse('2026-01-01T00:00:00.000Z')
  const tick = () => new Date((clock += 1000)).toISOString()
  const dated = () => {
    const at = tick()
    return { workspace_id: workspaceId, created_at: at, updated_at: at }
  }
  const insert = async <T extends keyof Database>(table: T, rows: Insertable<Database[T]>[]) => {
    if (rows.length > 0)
      await db
        .insertInto(table)
        .values(rows as never)
        .execute()
  }

  const tools = content.tools.map((tool) => ({
    id: randomUUID(),
    name: tool.name,
    description: tool.description,
    color: '#4caf50',
    icon_src: null,
    schema: '[]',
    func: tool.func,
    ...dated(),
  }))
  await insert('tools', tools)
  await insert(
    'variables',
    content.variables.map((variable) => ({
      id: randomUUID(),
      name: variable.name,
      value: variable.value,
      type: variable.runtime ? ('runtime' as const) : ('static' as const),
      ...dated(),
    })),
  )

  const stores = content.stores.map((store) => ({ ...store, id: randomUUID() }))
  for (const store of stores) {
    await insert('document_stores', [
      {
        id: store.id,
        name: store.name,
        description: '',
        status: storeStatusOf(store.loaders.map((item) => item.status)),
        embedding_config: store.withEmbedding ? JSON.stringify({ name: 'offlineEmbeddings', config: {} }) : null,
        vector_store_config: null,
        record_manager_config: null,
        ...dated(),
      },
    ])
    for (const item of store.loaders) {
      const loaderId = randomUUID()
      const { workspace_id, created_at, updated_at } = dated()
      await insert('document_store_loaders', [
        {
          id: loaderId,
          store_id: store.id,
          workspace_id,
          loader_id: 'plainText',
          loader_name: 'Plain Text',
          loader_config: JSON.stringify({ text: item.text }),
          splitter_id: item.splitter ? 'recursiveCharacterTextSplitter' : null,
          splitter_name: item.splitter ? 'Recursive Character Text Splitter' : null,
          splitter_config: item.splitter ? JSON.stringify({ chunkSize: 100 }) : null,
          metadata: item.metadata ? JSON.stringify({ source: 'handbook.txt' }) : null,
          omit_metadata_keys: null,
          status: item.status,
          total_chunks: item.chunks.length,
          total_chars: item.chunks.reduce((sum, text) => sum + text.length, 0),
          error: item.status === 'ERROR' ? 'The file could not be read' : null,
          created_at,
          updated_at,
        },
      ])
      await insert(
        'document_store_chunks',
        item.chunks.map((text, index) => ({
          id: randomUUID(),
          store_id: store.id,
          loader_id: loaderId,
          workspace_id,
          chunk_no: index,
          page_content: text,
          metadata: JSON.stringify({ source: 'handbook.txt', line: index }),
        })),
      )
    }
  }

  const flowIds = content.flows.map(() => randomUUID())
  const storePick = (index: number) => {
    const store = pick(stores, index)
    return store ? `${store.id}:${store.name}` : undefined
  }
  for (const [index, item] of content.flows.entries()) {
    await insert('flows', [
      {
        id: flowIds[index]!,
        name: item.name,
        type: item.type,
        flow_data: flowData({
          tool: pick(tools, item.picks.tool)?.id,
          store: storePick(item.picks.store),
          flow: pick(flowIds, item.picks.flow),
        }),
        deployed: item.deployed ? 1 : 0,
        is_public: item.isPublic ? 1 : 0,
        category: item.category,
        chatbot_config: null,
        api_config: null,
        apikey_id: null,
        analytic: null,
        speech_to_text: null,
        follow_up_prompts: item.followUps ? JSON.stringify({ status: false }) : null,
        ...dated(),
      },
    ])
    for (const [at, entry] of item.messages.entries()) {
      const id = randomUUID()
      const { workspace_id, created_at } = dated()
      const role = at % 2 === 0 ? ('userMessage' as const) : ('apiMessage' as const)
      await insert('chat_messages', [
        {
          id,
          workspace_id,
          chatflow_id: flowIds[index]!,
          role,
          content: entry.content,
          source_documents: entry.withDocuments ? JSON.stringify([{ pageContent: 'p', metadata: {} }]) : null,
          used_tools: null,
          chat_type: entry.source === 'ui' ? 'INTERNAL' : 'EXTERNAL',
          chat_id: `chat-${index}`,
          session_id: `chat-${index}`,
          lead_email: null,
          created_at,
          status: entry.status as 'complete',
          follow_up_prompts: null,
          source: entry.source as 'ui' | null,
        },
      ])
      if (entry.rating) {
        await insert('chat_feedback', [
          {
            id: randomUUID(),
            workspace_id,
            chatflow_id: flowIds[index]!,
            chat_id: `chat-${index}`,
            message_id: id,
            rating: entry.rating as 'THUMBS_UP',
            content: 'Noted',
            created_at: tick(),
          },
        ])
      }
    }
    let parent: string | null = null
    for (const run of item.executions) {
      const id = randomUUID()
      await insert('executions', [
        {
          id,
          agentflow_id: flowIds[index]!,
          session_id: `session-${index}`,
          state: run.state,
          execution_data: JSON.stringify([
            { nodeId: 'startAgentflow_0', data: { name: 'startAgentflow', input: { question: 'q' } } },
          ]),
          action: null,
          checkpoint: null,
          error: run.state === 'ERROR' ? 'It failed' : null,
          interrupted: run.interrupted ? 1 : 0,
          is_public: 0,
          parent_execution_id: run.parent ? parent : null,
          stopped_at: null,
          ...dated(),
        },
      ])
      parent = id
    }
  }

  await insert(
    'assistants',
    content.assistants.map((assistant) => ({
      id: randomUUID(),
      type: assistant.type as 'CUSTOM',
      details: JSON.stringify({
        name: assistant.name,
        instruction: 'Be brief',
        tools: pick(tools, assistant.picks.tool) ? [{ kind: 'saved', id: pick(tools, assistant.picks.tool)!.id }] : [],
        documentStores: pick(stores, assistant.picks.store)
          ? [{ id: pick(stores, assistant.picks.store)!.id, name: 'Docs', description: 'Search it' }]
          : [],
        chatflowId: pick(flowIds, assistant.picks.flow),
      }),
      credential: null,
      icon_src: null,
      ...dated(),
    })),
  )
  await insert(
    'custom_templates',
    content.templates.map((template) => ({
      id: randomUUID(),
      name: template.name,
      type: template.type as 'Tool',
      flow_data:
        template.type === 'Tool'
          ? JSON.stringify({ name: template.name, func: 'return 1' })
          : flowData({ tool: pick(tools, 0)?.id }),
      description: null,
      badge: null,
      framework: null,
      usecases: JSON.stringify(['Support']),
      ...dated(),
    })),
  )
}
