import { BUNDLE_GROUPS, FLOW_GROUPS, type BundleGroup, type FlowGroup, type IncomingBundle } from '@weft/core'
import { encryptText } from '../../auth/encryption.js'
import { hashToken } from '../../auth/secrets.js'
import type { AppContext } from '../../context.js'
import { ownedIds, variableNames } from '../../db/repositories/export-import.repository.js'
import {
  insertApiKeys,
  insertCredentials,
  insertLeads,
  workspacesOfKeyHashes,
  type MigratedTable,
} from '../../db/repositories/flowise-import.repository.js'
import type { WorkspaceScope } from '../../db/workspace-repository.js'
import { checkReferences, writeBundle } from '../import.service.js'
import { applyWorkspaceRules } from '../import-rules.js'
import { readLeniently, withoutRefused } from './bundle-checks.js'
import type { LeadRecord, RawBundle, RawRecord } from './flowise-records.js'
import type { ApiKeyRecord, CredentialRecord } from './flowise-secrets.js'
import { withoutOrphans } from './orphans.js'
import { planMigrationIds, remapRecord, type PlannedRecord } from './migration-ids.js'
import { KIND_OF_GROUP, emptyCounts, type LeftBehind, type MigrationReport, type Note } from './migration-report.js'

// The migration's writes, inside its one transaction (`ctx.db`): credentials and API keys first,
// so the flows that use them keep them, then the Export All import of the rest, then the leads.

export interface FlowiseContent {
  bundle: RawBundle
  credentials: CredentialRecord[]
  apiKeys: ApiKeyRecord[]
  leads: LeadRecord[]
  leftBehind: LeftBehind[]
}

const TABLE_OF_GROUP: Record<BundleGroup, MigratedTable> = {
  ChatFlow: 'flows',
  AgentFlow: 'flows',
  AgentFlowV2: 'flows',
  AssistantFlow: 'flows',
  AssistantCustom: 'assistants',
  AssistantOpenAI: 'assistants',
  AssistantAzure: 'assistants',
  ChatMessage: 'chat_messages',
  ChatMessageFeedback: 'chat_feedback',
  CustomTemplate: 'custom_templates',
  DocumentStore: 'document_stores',
  DocumentStoreFileChunk: 'document_store_chunks',
  Execution: 'executions',
  Tool: 'tools',
  Variable: 'variables',
}

const nameOf = (record: RawRecord) => (typeof record.name === 'string' && record.name ? record.name : String(record.id))

/** The loaders a store's `loaders` text lists; text that is no list holds none (the read reports it). */
const loadersOf = (store: RawRecord): RawRecord[] => {
  try {
    const list: unknown = JSON.parse(String(store.loaders ?? '[]'))
    return Array.isArray(list)
      ? list.filter((item): item is RawRecord => item !== null && typeof item === 'object')
      : []
  } catch {
    return []
  }
}

function plannedRecords(content: FlowiseContent): PlannedRecord[] {
  const fromBundle = BUNDLE_GROUPS.flatMap((group) =>
    content.bundle[group].map((record) => ({
      table: TABLE_OF_GROUP[group],
      kind: KIND_OF_GROUP[group],
      id: String(record.id),
      name: nameOf(record),
    })),
  )
  const loaders = content.bundle.DocumentStore.flatMap(loadersOf).map((loader) => ({
    table: 'document_store_loaders' as const,
    kind: 'loaders' as const,
    id: String(loader.id),
    name: String(loader.loaderName ?? loader.id),
  }))
  return [
    ...fromBundle,
    ...loaders,
    ...content.credentials.map((c) => ({
      table: 'credentials' as const,
      kind: 'credentials' as const,
      id: c.id,
      name: c.name,
    })),
    ...content.apiKeys.map((k) => ({
      table: 'api_keys' as const,
      kind: 'apiKeys' as const,
      id: k.id,
      name: k.keyName,
    })),
    ...content.leads.map((l) => ({ table: 'leads' as const, kind: 'leads' as const, id: l.id, name: l.email ?? l.id })),
  ]
}

/**
 * Flowise lets anyone call a flow that has no API key; Weft keeps such a flow to its workspace's
 * members unless it is public, so its owner is told.
 */
const keylessFlows = (bundle: IncomingBundle): Note[] =>
  (Object.keys(FLOW_GROUPS) as FlowGroup[]).flatMap((group) =>
    bundle[group]
      .filter((flow) => !flow.apikeyid && !flow.isPublic)
      .map((flow) => ({
        kind: KIND_OF_GROUP[group],
        name: flow.name,
        note: 'Flowise let anyone call it without an API key; in Weft it is private: bind an API key to it, or make it public',
      })),
  )

/** Counts what a group of the written bundle added. */
function countAdded(report: MigrationReport, bundle: IncomingBundle): void {
  for (const group of BUNDLE_GROUPS) report.counts[KIND_OF_GROUP[group]].added += bundle[group].length
  report.counts.loaders.added += bundle.DocumentStore.reduce((sum, store) => sum + store.loaders.length, 0)
}

export async function writeMigration(
  ctx: AppContext,
  workspace: { id: string; name: string },
  content: FlowiseContent,
): Promise<MigrationReport> {
  const scope: WorkspaceScope = { workspaceId: workspace.id }
  const leftBehind = [...content.leftBehind]
  const report: MigrationReport = { workspace, counts: emptyCounts(), renamed: [], leftBehind, notes: [] }
  const plan = await planMigrationIds(ctx.db, workspace.id, plannedRecords(content))
  report.renamed = plan.renamed
  const isNew = (table: MigratedTable, kind: keyof MigrationReport['counts'], id: string) => {
    if (!plan.isPresent(table, id)) return true
    report.counts[kind].alreadyThere += 1
    return false
  }

  const credentials = content.credentials.filter((c) => isNew('credentials', 'credentials', c.id))
  await insertCredentials(
    ctx.db,
    credentials.map((c) => ({
      id: plan.map.get(c.id) ?? c.id,
      workspace_id: workspace.id,
      name: c.name,
      credential_name: c.credentialName,
      encrypted_data: encryptText(ctx.keys.encryptionKey, JSON.stringify(c.data)),
      created_at: c.createdDate,
      updated_at: c.updatedDate,
    })),
  )
  report.counts.credentials.added = credentials.length

  const keys = content.apiKeys.filter((k) => isNew('api_keys', 'apiKeys', k.id))
  const holders = await workspacesOfKeyHashes(
    ctx.db,
    keys.map((k) => hashToken(k.apiKey)),
  )
  const freeKeys = keys.filter((k) => {
    const holder = holders.get(hashToken(k.apiKey))
    if (holder === undefined) return true
    if (holder === workspace.id) report.counts.apiKeys.alreadyThere += 1
    else
      leftBehind.push({
        kind: 'apiKeys',
        name: k.keyName,
        reason: 'the same key is already a key of another Weft workspace',
      })
    return false
  })
  await insertApiKeys(
    ctx.db,
    freeKeys.map((k) => ({
      id: plan.map.get(k.id) ?? k.id,
      workspace_id: workspace.id,
      key_name: k.keyName,
      key_hash: hashToken(k.apiKey),
      key_preview: `${k.apiKey.slice(0, 8)}…`,
      permissions: JSON.stringify(k.permissions),
      created_at: k.createdDate,
    })),
  )
  report.counts.apiKeys.added = freeKeys.length

  // The records an earlier run brought stay as they are; the rest take their Weft ids.
  const raw = {} as RawBundle
  for (const group of BUNDLE_GROUPS) {
    raw[group] = content.bundle[group]
      .filter((record) => isNew(TABLE_OF_GROUP[group], KIND_OF_GROUP[group], String(record.id)))
      .map((record) => remapRecord(record, plan.map))
  }
  for (const store of content.bundle.DocumentStore) {
    if (plan.isPresent('document_stores', String(store.id)))
      report.counts.loaders.alreadyThere += loadersOf(store).length
  }
  const names = await variableNames(ctx.db, scope)
  raw.Variable = raw.Variable.filter((variable) => {
    const name = String(variable.name)
    if (!names.has(name)) {
      names.add(name)
      return true
    }
    leftBehind.push({
      kind: 'variables',
      name,
      reason: 'the workspace has a variable of that name, which is kept as it is',
    })
    return false
  })

  const read = readLeniently(raw, leftBehind)
  const ruled = await withoutRefused(read, leftBehind, (bundle) => applyWorkspaceRules(ctx, scope, bundle))
  const complete = await withoutOrphans(ctx.db, scope, ruled.result, leftBehind)
  const { bundle } = await withoutRefused(complete, leftBehind, (checked) => checkReferences(ctx.db, scope, checked))
  await writeBundle(ctx.db, scope, bundle, new Map())
  countAdded(report, bundle)
  report.notes = keylessFlows(bundle)

  const leads = content.leads.filter((l) => isNew('leads', 'leads', l.id)).map((l) => remapRecord(l, plan.map))
  const flows = await ownedIds(ctx.db, scope, 'flows', [...new Set(leads.map((l) => l.chatflowid))])
  const kept = leads.filter((l) => {
    if (flows.has(l.chatflowid)) return true
    leftBehind.push({ kind: 'leads', name: l.email ?? l.id, reason: `its flow ${l.chatflowid} was not brought` })
    return false
  })
  await insertLeads(
    ctx.db,
    kept.map((l) => ({
      id: l.id,
      workspace_id: workspace.id,
      chatflow_id: l.chatflowid,
      chat_id: l.chatId,
      name: l.name,
      email: l.email,
      phone: l.phone,
      created_at: l.createdDate,
    })),
  )
  report.counts.leads.added = kept.length
  return report
}
