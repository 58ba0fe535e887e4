import { basename } from 'node:path'
import { errorMessage, type AllowedOverrides, type InputFile } from '@weft/core'
import { upsertChatflow, UpsertRefusal, type ChatflowUpsertResult } from '@weft/engine'
import type { FastifyRequest } from 'fastify'
import type { AppContext } from '../context.js'
import type { FlowRow } from '../db/tables.js'
import { badRequest, HttpError, TOKEN_EXPIRED, unauthorized } from '../http-error.js'
import { isAgentflow } from './agentflow-runs.js'
import { identifyFlowCaller, type FlowCaller } from './flow-access.service.js'
import { engineServices } from './prediction.service.js'

export const UPSERT_NEEDS_KEY =
  'Anyone may chat with this public flow, but only the bearer of its API key or a signed-in member of its workspace may upsert into its vector store.'

/** One vector upsert of a flow, its overrides checked already (`allowedOverrides`). */
export interface VectorUpsertCall {
  flow: FlowRow
  overrides: AllowedOverrides
  stopNodeId?: string
  /** Files sent as multipart/form-data, for the loaders that take their type. */
  files: InputFile[]
  /** Aborts when the client disconnects; the run's timeout is added here. */
  signal: AbortSignal
}

/** What a multipart/form-data upsert sent: its files, and its other fields as Flowise reads them. */
export interface UpsertForm {
  files: InputFile[]
  overrideConfig: Record<string, unknown>
  stopNodeId?: string
}

/** The multipart field the files come in (Flowise's name). */
export const FILES_FIELD = 'files'

/** A form field sent as JSON text (`overrideConfig`, `vars`), or a 400 naming it. */
function jsonField(name: string, text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {
    // answered below
  }
  throw badRequest(`body.${name}: must be a JSON object`)
}

/**
 * Reads a multipart/form-data upsert as Flowise clients send it: files in `files`, `stopNodeId`,
 * and every other field an overrideConfig value (`overrideConfig` itself and `vars` as JSON text).
 * Read with the multipart parser of Node's own fetch, as document store uploads are.
 */
export async function readUpsertForm(body: Buffer, contentType: string): Promise<UpsertForm> {
  let form: FormData
  try {
    form = await new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
      headers: { 'content-type': contentType },
    }).formData()
  } catch {
    throw badRequest(`body: not a readable multipart/form-data body; send the files in the field "${FILES_FIELD}"`)
  }
  const read: UpsertForm = { files: [], overrideConfig: {} }
  const fields: [string, string | File][] = []
  form.forEach((value, name) => fields.push([name, value]))
  for (const [name, value] of fields) {
    if (typeof value !== 'string') {
      if (name !== FILES_FIELD) throw badRequest(`body.${name}: send files in the field "${FILES_FIELD}"`)
      read.files.push(await inputFileOf(value))
    } else if (name === 'stopNodeId') read.stopNodeId = value
    else if (name === 'overrideConfig') Object.assign(read.overrideConfig, jsonField(name, value))
    else if (name === 'vars') read.overrideConfig.vars = jsonField(name, value)
    else if (name !== 'question') read.overrideConfig[name] = value
  }
  return read
}

async function inputFileOf(file: File): Promise<InputFile> {
  const name = basename(file.name.replace(/\\/g, '/')).trim()
  if (name === '') throw badRequest(`body.${FILES_FIELD}: a file has no name`)
  if (file.size === 0) throw badRequest(`body.${FILES_FIELD}: ${name} is empty`)
  return { name, mime: file.type, base64: Buffer.from(await file.arrayBuffer()).toString('base64') }
}

/**
 * Who may upsert: the caller of a public flow is anyone, who may chat with it but not fill its
 * vector store (each upsert adds vectors on the owner's embedding key, with files or without), so
 * an upsert needs what would let the caller in were the flow not public (its API key or a member's
 * session). Other callers got in that way already.
 */
export async function checkUpsertCaller(
  ctx: AppContext,
  request: FastifyRequest,
  flow: FlowRow,
  caller: FlowCaller,
): Promise<void> {
  if (caller.via !== 'public') return
  try {
    await identifyFlowCaller(ctx, request, { ...flow, is_public: 0 })
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401 && error.message !== TOKEN_EXPIRED) {
      throw unauthorized(UPSERT_NEEDS_KEY)
    }
    throw error
  }
}

/**
 * Loads the flow's documents into its vector stores without asking a question, and answers what
 * was written. A flow that has nothing to upsert as asked answers 400; a node that fails, 500
 * naming the node, as a prediction does.
 */
export async function upsertVectors(ctx: AppContext, call: VectorUpsertCall): Promise<ChatflowUpsertResult> {
  const { flow } = call
  if (isAgentflow(flow.type)) {
    throw badRequest('Vector upsert loads the documents of a chatflow; this flow is an agentflow.')
  }
  const timeoutMs = ctx.config.runTimeoutMs
  try {
    return await upsertChatflow(
      {
        flow: { id: flow.id, workspaceId: flow.workspace_id, updatedDate: flow.updated_at, flowData: flow.flow_data },
        overrides: call.overrides,
        ...(call.stopNodeId ? { stopNodeId: call.stopNodeId } : {}),
        files: call.files,
        signal: AbortSignal.any([call.signal, AbortSignal.timeout(timeoutMs)]),
        timeoutMs,
      },
      await engineServices(ctx, flow),
    )
  } catch (error) {
    if (error instanceof UpsertRefusal) throw badRequest(error.message)
    throw new HttpError(500, errorMessage(error))
  }
}
