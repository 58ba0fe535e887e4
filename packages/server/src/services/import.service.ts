import { randomUUID } from 'node:crypto'
import {
  ASSISTANT_GROUPS,
  errorMessage,
  FLOW_GROUPS,
  idsByKind,
  mappedId,
  outsideReferences,
  planIdMap,
  readBundle,
  referenceProblem,
  type AssistantGroup,
  type FlowGroup,
  type IdMap,
  type IncomingBundle,
  type RecordKind,
} from '@weft/core'
import type { Kysely } from 'kysely'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import {
  existingIds,
  insertRows,
  linkParentExecutions,
  ownedIds,
  ratedMessageIds,
  type BundleTable,
} from '../db/repositories/export-import.repository.js'
import type { Database } from '../db/tables.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { badRequest, HttpError } from '../http-error.js'
import { toExecutionRow } from './bundle-records/execution-records.js'
import { toFlowRow } from './bundle-records/flow-records.js'
import { toChatMessageRow, toFeedbackRow } from './bundle-records/message-records.js'
import { toChunkRow, toLoaderRow, toStoreRow, totalsByLoader } from './bundle-records/store-records.js'
import { toAssistantRow, toCustomTemplateRow, toToolRow, toVariableRow } from './bundle-records/workspace-records.js'
import { applyWorkspaceRules } from './import-rules.js'

const TABLE_OF_KIND: Record<RecordKind, BundleTable | 'document_store_chunks'> = {
  flows: 'flows',
  assistants: 'assistants',
  messages: 'chat_messages',
  feedback: 'chat_feedback',
  executions: 'executions',
  stores: 'document_stores',
  loaders: 'document_store_loaders',
  chunks: 'document_store_chunks',
  tools: 'tools',
  variables: 'variables',
  templates: 'custom_templates',
}

/**
 * Old id → new id for every record whose id the database already holds, in any workspace, or that
 * is no UUID; the rest keep theirs, so a file imported into a fresh server keeps its ids.
 */
async function planIds(db: Kysely<Database>, bundle: IncomingBundle): Promise<IdMap> {
  const ids = idsByKind(bundle)
  const taken = new Set<string>()
  for (const [kind, table] of Object.entries(TABLE_OF_KIND) as [RecordKind, BundleTable][]) {
    for (const id of await existingIds(db, table, ids[kind])) taken.add(id)
  }
  return planIdMap(Object.values(ids).flat(), taken, randomUUID)
}

/** Checks every reference of the file against itself and the workspace; a 400 names the first that points nowhere. */
export async function checkReferences(db: Kysely<Database>, scope: WorkspaceScope, bundle: IncomingBundle): Promise<void> {
  const outside = outsideReferences(bundle)
  const messageIds = await ownedIds(db, scope, 'chat_messages', outside.messageIds)
  const problem = referenceProblem(bundle, {
    flowIds: await ownedIds(db, scope, 'flows', outside.flowIds),
    messageIds,
    ratedMessageIds: await ratedMessageIds(db, scope, [...messageIds]),
  })
  if (problem) throw badRequest(problem)
}

/** Writes every record, parents before what refers to them. */
export async function writeBundle(db: Kysely<Database>, scope: WorkspaceScope, bundle: IncomingBundle, ids: IdMap) {
  const { workspaceId } = scope
  const flows = (Object.keys(FLOW_GROUPS) as FlowGroup[]).flatMap((group) => bundle[group])
  await insertRows(
    db,
    'flows',
    flows.map((flow) => toFlowRow(flow, ids, workspaceId)),
  )
  await insertRows(
    db,
    'chat_messages',
    bundle.ChatMessage.map((message) => toChatMessageRow(message, ids, workspaceId)),
  )
  await insertRows(
    db,
    'chat_feedback',
    bundle.ChatMessageFeedback.map((feedback) => toFeedbackRow(feedback, ids, workspaceId)),
  )
  await insertRows(
    db,
    'executions',
    bundle.Execution.map((execution) => toExecutionRow(execution, ids, workspaceId)),
  )
  // A run started by another keeps the link when both are in the file.
  const executions = new Set(bundle.Execution.map((execution) => execution.id))
  const links = bundle.Execution.flatMap(({ id, parentExecutionId: parent }) =>
    parent && executions.has(parent) ? [{ id: mappedId(ids, id), parentId: mappedId(ids, parent) }] : [],
  )
  await linkParentExecutions(db, scope, links)
  await insertRows(
    db,
    'tools',
    bundle.Tool.map((tool) => toToolRow(tool, ids, workspaceId)),
  )
  await insertRows(
    db,
    'variables',
    bundle.Variable.map((variable) => toVariableRow(variable, ids, workspaceId)),
  )
  const assistants = (Object.keys(ASSISTANT_GROUPS) as AssistantGroup[]).flatMap((group) => bundle[group])
  await insertRows(
    db,
    'assistants',
    assistants.map((assistant) => toAssistantRow(assistant, ids, workspaceId)),
  )
  await insertRows(
    db,
    'custom_templates',
    bundle.CustomTemplate.map((template) => toCustomTemplateRow(template, ids, workspaceId)),
  )
  await insertRows(
    db,
    'document_stores',
    bundle.DocumentStore.map((store) => toStoreRow(store, ids, workspaceId)),
  )
  const totals = totalsByLoader(bundle.DocumentStoreFileChunk)
  const loaders = bundle.DocumentStore.flatMap((store) => store.loaders)
  await insertRows(
    db,
    'document_store_loaders',
    loaders.map((loader) => toLoaderRow(loader, totals.get(loader.id), ids, workspaceId)),
  )
  await insertRows(
    db,
    'document_store_chunks',
    bundle.DocumentStoreFileChunk.map((chunk) => toChunkRow(chunk, ids, workspaceId)),
  )
}

/**
 * Imports an "Export All" file (Flowise's format) into the caller's workspace, in one transaction:
 * a bad record, a reference to nothing or a failed write changes nothing and answers 400 naming
 * it. Records whose ids the database holds get new ones, and every reference follows them.
 * Document stores keep their chunks but not their vectors, so they ask to be upserted again.
 */
export async function importBundle(ctx: AppContext, principal: Principal, body: unknown): Promise<void> {
  const read = readBundle(body, new Date().toISOString())
  if (!read.ok) throw badRequest(read.message)
  const scope: WorkspaceScope = { workspaceId: principal.workspaceId }
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const bundle = await applyWorkspaceRules({ ...ctx, db: trx }, scope, read.bundle)
      await checkReferences(trx, scope, bundle)
      await writeBundle(trx, scope, bundle, await planIds(trx, bundle))
    })
  } catch (error) {
    if (error instanceof HttpError) throw error
    ctx.log.warn({ err: error }, 'Import failed')
    throw badRequest(`The import failed and changed nothing: ${errorMessage(error)}`)
  }
}
