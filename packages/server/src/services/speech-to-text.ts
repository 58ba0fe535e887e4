import {
  errorMessage,
  readSpeechToText,
  readUploadContent,
  SPEECH_TO_TEXT_PROVIDERS,
  transcriptionUrl,
  type SpeechToTextSetting,
  type Upload,
} from '@weft/core'
import { OutboundRequestRefused } from '@weft/nodes'
import type { AppContext } from '../context.js'
import { credentialsRepository } from '../db/repositories/credentials.repository.js'
import type { FlowRow } from '../db/tables.js'
import { badRequest, HttpError } from '../http-error.js'
import { readCredentialData } from './credentials.service.js'

// A voice message becomes the question: its audio goes to the flow's transcription server
// (OpenAI's /audio/transcriptions, or a compatible server), through the outbound guard like every
// address an owner chose, before anything runs or is stored.

/**
 * Refuses speech to text settings whose credential is not one of the workspace's, or not of a type
 * the provider takes, so the owner learns it when saving, not from a failed voice message.
 */
export async function requireUsableSpeechToText(
  ctx: AppContext,
  workspaceId: string,
  stored: string | null | undefined,
): Promise<void> {
  const setting = readSpeechToText(stored)
  if (!setting || 'unsupported' in setting || !setting.credentialId) return
  const field = `body.speechToText: ${setting.provider}.credentialId`
  const row = await credentialsRepository(ctx.db).find({ workspaceId }, setting.credentialId)
  if (!row) throw badRequest(`${field}: no credential of this workspace has that id`)
  const accepted: readonly string[] = SPEECH_TO_TEXT_PROVIDERS[setting.provider].credentialNames
  if (!accepted.includes(row.credential_name)) {
    throw badRequest(
      `${field}: a ${row.credential_name} credential cannot be used here; choose ${accepted.join(' or ')}`,
    )
  }
}

/** Why a voice message could not be turned into text: the owner's settings or the transcription server. */
const failed = (name: string, reason: string) =>
  new HttpError(502, `Speech to text could not transcribe ${name}: ${reason}`)

// OpenAI tells the audio format by the file's extension, so the name follows the MIME type.
const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'mp4',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
}

function fileName(name: string, mime: string): string {
  const extension = EXTENSIONS[mime]
  if (!extension || name.toLowerCase().endsWith(`.${extension}`)) return name
  return `${name.replace(/\.[^.]*$/, '') || 'audio'}.${extension}`
}

async function apiKeyOf(ctx: AppContext, flow: FlowRow, setting: SpeechToTextSetting, name: string) {
  if (!setting.credentialId) return undefined
  try {
    const data = await readCredentialData(ctx, flow.workspace_id, setting.credentialId)
    return data.openAIApiKey || data.apiKey || undefined
  } catch {
    throw failed(name, "its credential no longer exists; choose one in the flow's Speech to text settings.")
  }
}

/** A multipart body as bytes: the guarded fetch sends bytes, which it can also send again on a redirect. */
async function multipart(form: FormData): Promise<{ body: ArrayBuffer; type: string }> {
  const encoded = new Response(form)
  return {
    body: await encoded.arrayBuffer(),
    type: encoded.headers.get('content-type') ?? 'multipart/form-data',
  }
}

async function serverError(response: Response): Promise<string> {
  const text = await response.text().catch(() => '')
  let detail = text.slice(0, 300)
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown }
    const message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message)
    if (typeof message === 'string') detail = message
  } catch {
    // Not JSON: the text itself says what went wrong.
  }
  return `the transcription server answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`
}

/** The text of one voice message (already checked against the flow's upload rules). */
export async function transcribe(ctx: AppContext, flow: FlowRow, audio: Upload, signal: AbortSignal): Promise<string> {
  const setting = readSpeechToText(flow.speech_to_text)
  if (!setting) throw badRequest(`${audio.name}: this chat does not take voice messages; speech to text is off.`)
  if ('unsupported' in setting) {
    throw failed(
      audio.name,
      `${setting.unsupported} is not a provider Weft can use; choose another in the flow's Speech to text settings.`,
    )
  }
  const content = readUploadContent(audio.data)
  if (!content) throw badRequest(`${audio.name}: the data must be base64 or a base64 data: URL.`)
  const mime = (audio.mime || content.mime || 'audio/webm').split(';')[0]?.trim() ?? 'audio/webm'
  const form = new FormData()
  form.append('file', new Blob([Buffer.from(content.base64, 'base64')], { type: mime }), fileName(audio.name, mime))
  form.append('model', setting.model)
  if (setting.language) form.append('language', setting.language)
  if (setting.prompt) form.append('prompt', setting.prompt)
  if (setting.temperature !== undefined) form.append('temperature', String(setting.temperature))
  form.append('response_format', 'json')
  const { body, type } = await multipart(form)
  const key = await apiKeyOf(ctx, flow, setting, audio.name)
  let response: Response
  try {
    response = await ctx.outbound.fetch(transcriptionUrl(setting), {
      method: 'POST',
      headers: { 'content-type': type, ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body,
      signal,
    })
  } catch (error) {
    if (signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError')
      throw failed(audio.name, 'the transcription server did not answer in time.')
    if (signal.aborted) throw error
    throw failed(audio.name, error instanceof OutboundRequestRefused ? error.message : errorMessage(error))
  }
  if (!response.ok) throw failed(audio.name, await serverError(response))
  const answer = (await response.json().catch(() => undefined)) as { text?: unknown } | undefined
  if (typeof answer?.text !== 'string') throw failed(audio.name, "the transcription server's answer has no text.")
  return answer.text.trim()
}
