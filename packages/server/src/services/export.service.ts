import {
  ASSISTANT_GROUPS,
  emptyBundle,
  exportStep,
  ExportStepError,
  FLOW_GROUPS,
  groupsOfFlags,
  sanitizeAssistant,
  sanitizeChatflow,
  sanitizeCustomTemplate,
  sanitizeDocumentStore,
  sanitizeExecution,
  type AssistantGroup,
  type BundleGroup,
  type ExportBundle,
  type ExportFlag,
  type FlowGroup,
  type ParamsOf,
} from '@weft/core'
import { findNode } from '@weft/nodes'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { listOwnedChunks, listOwnedRows, type BundleTable } from '../db/repositories/export-import.repository.js'
import type { DocumentStoreChunkRow } from '../db/tables.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { HttpError } from '../http-error.js'
import { toExecutionRecord } from './bundle-records/execution-records.js'
import { toFlowRecord } from './bundle-records/flow-records.js'
import { toChatMessageRecord, toFeedbackRecord } from './bundle-records/message-records.js'
import { toChunkRecord, toStoreWithLoaders } from './bundle-records/store-records.js'
import {
  toAssistantRecord,
  toCustomTemplateRecord,
  toToolRecord,
  toVariableRecord,
} from './bundle-records/workspace-records.js'

/** The catalogue's params of a node, so secrets are found even where a flow did not save its params. */
export const catalogueParams: ParamsOf = (name) => findNode(name)?.descriptor.inputs

const FLOW_GROUP_NAMES = Object.keys(FLOW_GROUPS) as FlowGroup[]
const ASSISTANT_GROUP_NAMES = Object.keys(ASSISTANT_GROUPS) as AssistantGroup[]

/** The rows of a table when one of `groups` needs them, else none (nothing is read). */
const rowsFor = <T extends BundleTable>(ctx: AppContext, scope: WorkspaceScope, table: T, needed: boolean) =>
  needed ? listOwnedRows(ctx.db, scope, table) : Promise.resolve([])

async function readWorkspace(ctx: AppContext, scope: WorkspaceScope, groups: ReadonlySet<BundleGroup>) {
  const wants = (...names: BundleGroup[]) => names.some((name) => groups.has(name))
  const stores = wants('DocumentStore')
  const [flows, messages, feedback, executions, storeRows, loaders, chunks, tools, variables, assistants, templates] =
    await Promise.all([
      rowsFor(ctx, scope, 'flows', wants(...FLOW_GROUP_NAMES)),
      rowsFor(ctx, scope, 'chat_messages', wants('ChatMessage')),
      rowsFor(ctx, scope, 'chat_feedback', wants('ChatMessageFeedback')),
      rowsFor(ctx, scope, 'executions', wants('Execution')),
      rowsFor(ctx, scope, 'document_stores', stores),
      rowsFor(ctx, scope, 'document_store_loaders', stores),
      stores ? listOwnedChunks(ctx.db, scope) : Promise.resolve([]),
      rowsFor(ctx, scope, 'tools', wants('Tool')),
      rowsFor(ctx, scope, 'variables', wants('Variable')),
      rowsFor(ctx, scope, 'assistants', wants(...ASSISTANT_GROUP_NAMES)),
      rowsFor(ctx, scope, 'custom_templates', wants('CustomTemplate')),
    ])
  return { flows, messages, feedback, executions, storeRows, loaders, chunks, tools, variables, assistants, templates }
}

type WorkspaceRows = Awaited<ReturnType<typeof readWorkspace>>

/** The chunks in the order of their stores and loaders (oldest first), which new ids cannot reorder. */
function chunksInOrder(rows: WorkspaceRows) {
  const byLoader = new Map<string, DocumentStoreChunkRow[]>()
  for (const chunk of rows.chunks) {
    const list = byLoader.get(chunk.loader_id)
    if (list) list.push(chunk)
    else byLoader.set(chunk.loader_id, [chunk])
  }
  return rows.storeRows.flatMap((store) =>
    rows.loaders
      .filter((loader) => loader.store_id === store.id)
      .flatMap((loader) => (byLoader.get(loader.id) ?? []).map(toChunkRecord)),
  )
}

function buildBundle(rows: WorkspaceRows, groups: ReadonlySet<BundleGroup>): ExportBundle {
  const bundle = emptyBundle()
  const chosen = (group: BundleGroup) => groups.has(group)
  for (const group of FLOW_GROUP_NAMES.filter(chosen)) {
    bundle[group] = exportStep('sanitizeChatflow', () =>
      rows.flows
        .filter((row) => row.type === FLOW_GROUPS[group])
        .map((row) => sanitizeChatflow(toFlowRecord(row), catalogueParams)),
    )
  }
  for (const group of ASSISTANT_GROUP_NAMES.filter(chosen)) {
    bundle[group] = exportStep('sanitizeAssistant', () =>
      rows.assistants
        .filter((row) => row.type === ASSISTANT_GROUPS[group])
        .map((row) => sanitizeAssistant(toAssistantRecord(row))),
    )
  }
  if (chosen('ChatMessage')) bundle.ChatMessage = rows.messages.map(toChatMessageRecord)
  if (chosen('ChatMessageFeedback')) bundle.ChatMessageFeedback = rows.feedback.map(toFeedbackRecord)
  if (chosen('Execution')) {
    bundle.Execution = exportStep('sanitizeExecution', () =>
      rows.executions.map((row) => sanitizeExecution(toExecutionRecord(row), catalogueParams)),
    )
  }
  if (chosen('DocumentStore')) {
    bundle.DocumentStore = exportStep('sanitizeDocumentStore', () =>
      rows.storeRows.map((row) =>
        sanitizeDocumentStore(
          toStoreWithLoaders(
            row,
            rows.loaders.filter((loader) => loader.store_id === row.id),
          ),
          catalogueParams,
        ),
      ),
    )
    bundle.DocumentStoreFileChunk = chunksInOrder(rows)
  }
  if (chosen('Tool')) bundle.Tool = exportStep('sanitizeTool', () => rows.tools.map(toToolRecord))
  if (chosen('Variable')) bundle.Variable = exportStep('sanitizeVariable', () => rows.variables.map(toVariableRecord))
  if (chosen('CustomTemplate')) {
    bundle.CustomTemplate = exportStep('sanitizeCustomTemplate', () =>
      rows.templates.map((row) => sanitizeCustomTemplate(toCustomTemplateRecord(row), catalogueParams)),
    )
  }
  return bundle
}

/**
 * The caller's workspace as an "Export All" file (SPEC §3 bundle groups, Flowise's format), as
 * JSON text: the groups of the chosen flags filled, the others empty. Credentials, secrets and
 * files never leave; a step that fails answers 500 with its SPEC §8 prefix.
 */
export async function exportWorkspace(
  ctx: AppContext,
  principal: Principal,
  flags: Partial<Record<ExportFlag, boolean>>,
): Promise<string> {
  const groups = groupsOfFlags(flags)
  try {
    const rows = await exportStep('exportData', () =>
      readWorkspace(ctx, { workspaceId: principal.workspaceId }, groups),
    )
    const bundle = exportStep('exportData', () => buildBundle(rows, groups))
    return exportStep('stringify', () => JSON.stringify(bundle))
  } catch (error) {
    if (!(error instanceof ExportStepError)) throw error
    ctx.log.error({ err: error }, 'Export failed')
    throw new HttpError(500, error.message)
  }
}
