import {
  FLOW_TYPES,
  flowPermission,
  hasPermission,
  isProviderAssistantType,
  PROVIDER_LABELS,
  type InputOption,
} from '@weft/core'
import { accessContext } from '../auth/authenticate.js'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { listAssistantRows } from '../db/repositories/assistants.repository.js'
import { listFlowsByTypes } from '../db/repositories/flows.repository.js'
import { listToolRows } from '../db/repositories/tools.repository.js'
import { storesWithChunks } from './document-store-chunks.js'
import { searchableStores } from './document-store-search.js'
import { storedProviderFields } from './provider-assistant.js'

type WorkspaceLoadMethod = (ctx: AppContext, principal: Principal) => Promise<InputOption[]>

const TYPE_LABELS = {
  CHATFLOW: 'Chatflow',
  MULTIAGENT: 'Sequential agents',
  AGENTFLOW: 'Agentflow',
  ASSISTANT: 'Assistant',
}

/**
 * Load methods whose options are the caller's workspace data, so only the server can answer them.
 * The node names the method; the server runs it here instead of in the catalogue.
 */
export const WORKSPACE_LOAD_METHODS: Record<string, WorkspaceLoadMethod> = {
  /** Flows another flow may call (Execute Flow): those of the workspace the caller may see. */
  async listFlows(ctx, principal) {
    const access = accessContext(ctx.config.platform, principal)
    const types = FLOW_TYPES.filter((type) => hasPermission(access, flowPermission(type, 'view')))
    const rows = types.length === 0 ? [] : await listFlowsByTypes(ctx.db, { workspaceId: principal.workspaceId }, types)
    return rows.map((row) => ({ label: row.name, name: row.id, description: TYPE_LABELS[row.type] }))
  },
  /** Document stores that hold vectors to search (Retriever step, Agent knowledge, Document Store node). */
  async listStores(ctx, principal) {
    const access = accessContext(ctx.config.platform, principal)
    if (!hasPermission(access, 'documentStores:view')) return []
    const stores = await searchableStores(ctx, principal.workspaceId)
    // `<id>:<name>` as Flowise saves a pick: steps that read it take the id before the first colon
    // (ids are UUIDs), and the Agent names a store's tool after the name.
    return stores.map((store) => ({
      label: store.name,
      name: `${store.id}:${store.name}`,
      description: store.description,
    }))
  },
  /** Document stores that hold chunks (the Document Store loader), picked by id as Flowise saves it. */
  async listChunkedStores(ctx, principal) {
    const access = accessContext(ctx.config.platform, principal)
    if (!hasPermission(access, 'documentStores:view')) return []
    const stores = await storesWithChunks(ctx, principal.workspaceId)
    return stores.map((store) => ({ label: store.name, name: store.id, description: store.description }))
  },
  /**
   * Tools saved on the Tools page (Custom Tool's Select Tool), picked by id. Not `listTools`: that
   * is the Agent and Tool steps' own list of tool nodes.
   */
  async listSavedTools(ctx, principal) {
    const access = accessContext(ctx.config.platform, principal)
    if (!hasPermission(access, 'tools:view')) return []
    const rows = await listToolRows(ctx.db, { workspaceId: principal.workspaceId })
    return rows.map((row) => ({ label: row.name, name: row.id, description: row.description }))
  },
  /** Assistants kept at OpenAI or Azure OpenAI (OpenAI Assistant's Select Assistant), picked by Weft id. */
  async listAssistants(ctx, principal) {
    const access = accessContext(ctx.config.platform, principal)
    if (!hasPermission(access, 'assistants:view')) return []
    const rows = await listAssistantRows(ctx.db, { workspaceId: principal.workspaceId }, undefined)
    return rows.flatMap((row) => {
      if (!isProviderAssistantType(row.type)) return []
      const label = storedProviderFields(row.details).name ?? row.id
      return [{ label, name: row.id, description: PROVIDER_LABELS[row.type] }]
    })
  },
}
