import type { AllowedOverrides, InputFile } from '@weft/core'
import type { UpsertedDocuments } from '@weft/nodes'
import { buildNodes } from './build-nodes.js'
import type { ChatflowSource, EngineServices } from './chatflow-run.js'
import type { RunScope } from './node-contracts.js'
import { definitionsByName } from './node-definitions.js'
import { overriddenVars } from './override-config.js'
import { prepareChatflow } from './prepare-chatflow.js'
import { stoppedMessage } from './stopped-message.js'
import { assignFiles, withInputs } from './upsert-files.js'
import { upsertTargets } from './upsert-targets.js'

/** A vector upsert of one chatflow: its documents loaded into its vector stores, no question asked. */
export interface ChatflowUpsert {
  flow: ChatflowSource
  /** Param values by node id and `$vars`, as `checkOverrides` allowed them of the call. */
  overrides?: AllowedOverrides
  /** The vector store node to write to; every vector store with documents connected when absent. */
  stopNodeId?: string
  /** Files for the loaders that take their type, in place of the files the loaders hold. */
  files?: InputFile[]
  /** Aborted when the client leaves or the server's timeout fires. */
  signal: AbortSignal
  /** The server's time limit, named in the message when `signal` aborts with a TimeoutError. */
  timeoutMs?: number
}

/** What an upsert wrote, in Flowise's answer: the counts of every store written, and the new documents. */
export interface ChatflowUpsertResult extends UpsertedDocuments {
  /** Always 0: a flow's upsert replaces or adds records and never removes one. */
  numDeleted: number
}

/**
 * Builds the flow's vector store nodes and only what they depend on (loaders, splitters,
 * embeddings), which writes their documents; the chains and agents that would answer a question are
 * not built. Throws an UpsertRefusal when the flow has nothing to upsert as asked, a NodeRunError
 * naming the node that failed, or the reason the run was stopped.
 */
export async function upsertChatflow(upsert: ChatflowUpsert, services: EngineServices): Promise<ChatflowUpsertResult> {
  // Not the cached graph: that one needs a single ending node, which a flow that only upserts need not have.
  const prepared = prepareChatflow(upsert.flow.flowData, { findEndings: false })
  const definitions = definitionsByName(services.nodes)
  const needed = upsertTargets(prepared, definitions, upsert.stopNodeId)
  const replaced = assignFiles(prepared, definitions, needed, upsert.files ?? [])
  const result: ChatflowUpsertResult = { numAdded: 0, numUpdated: 0, numSkipped: 0, numDeleted: 0, addedDocs: [] }
  const { flow, signal } = upsert
  const scope: RunScope = {
    flowId: flow.id,
    chatId: flow.id,
    sessionId: flow.id,
    question: '',
    history: [],
    vars: overriddenVars(services.vars, upsert.overrides),
    flowState: new Map(),
    memory: services.memory,
    emit: () => {},
    streaming: false,
    signal,
    fetch: services.fetch,
    ...(services.vectorFolder ? { vectorFolder: services.vectorFolder } : {}),
    ...(services.toolFilesFolder ? { toolFilesFolder: services.toolFilesFolder } : {}),
    ...(services.documentStores ? { documentStores: services.documentStores } : {}),
    ...(services.savedTools ? { savedTools: services.savedTools } : {}),
    onUpsert: (upserted) => {
      result.numAdded += upserted.numAdded
      result.numUpdated += upserted.numUpdated
      result.numSkipped += upserted.numSkipped
      result.addedDocs.push(...upserted.addedDocs)
    },
  }
  try {
    await buildNodes({
      prepared: withInputs(prepared, replaced),
      definitions,
      credential: services.credential,
      overrides: upsert.overrides,
      scope,
      only: needed,
    })
  } catch (error) {
    if (signal.aborted) throw new Error(stoppedMessage(signal.reason, upsert.timeoutMs), { cause: error })
    throw error
  }
  return result
}
