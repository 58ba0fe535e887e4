import {
  base64Bytes,
  carriesFileText,
  loaderForFile,
  flowAllowsImages,
  imageTypeOfBytes,
  storedFileName,
  isSpeechToTextOn,
  readUploadContent,
  uploadProblem,
  uploadsConfigOf,
  type PredictionRequest,
  type RunEvent,
  type Upload,
  type UploadsConfig,
  type FileUploadRecord,
} from '@weft/core'
import { nodes } from '@weft/nodes'
import type { AppContext } from '../context.js'
import type { FlowRow } from '../db/tables.js'
import { badRequest } from '../http-error.js'
import { readChatbotConfig } from './flow-config.js'
import { loadChunks, type LoaderFile } from './document-store-loading.js'
import { transcribe } from './speech-to-text.js'
import { saveChatFile } from './upload-storage.js'

/** The chat models that send images to their model: the catalogue's nodes with Allow Image Uploads. */
const IMAGE_MODELS: ReadonlySet<string> = new Set(
  nodes
    .filter((node) => node.descriptor.inputs.some((input) => input.name === 'allowImageUploads'))
    .map((node) => node.descriptor.name),
)

/** What a chat of the flow may send with a question: the owner's settings and the flow's chat model. */
export const flowUploadsConfig = (
  flow: Pick<FlowRow, 'chatbot_config' | 'flow_data' | 'speech_to_text'>,
): UploadsConfig =>
  uploadsConfigOf({
    chatbotConfig: readChatbotConfig(flow.chatbot_config),
    imagesAllowed: flowAllowsImages(flow.flow_data, IMAGE_MODELS),
    speechToTextEnabled: isSpeechToTextOn(flow.speech_to_text),
  })

/** A call's question once its uploads are taken in. */
export interface AskedQuestion {
  /** What is stored and answered as the question: the typed one, or the voice message's words. */
  question: string
  /** What the flow is asked when it differs from `question`: the question with the text of attached files. */
  prompt?: string
  /** What is left for the flow: images (voice messages and whole files are used up here). */
  uploads?: Upload[]
}

/**
 * The run's events with the question their metadata names set to the stored one: the flow was
 * asked the prompt, which carries the attached files' text.
 */
export async function* askedAs(events: AsyncIterable<RunEvent>, question: string): AsyncGenerator<RunEvent> {
  for await (const event of events)
    yield event.event === 'metadata' ? { ...event, data: { ...event.data, question } } : event
}

/**
 * The text of an attached file, read by the loader a document store would use for it (PDF pages,
 * DOCX paragraphs, CSV rows, …); a file it cannot read answers 400 naming it.
 */
export async function uploadText(ctx: AppContext, file: LoaderFile, signal: AbortSignal): Promise<string> {
  try {
    const chunks = await loadChunks(
      ctx,
      { loaderId: loaderForFile(file.name, file.mime), loaderConfig: {} },
      [file],
      signal,
    )
    return chunks.map((chunk) => chunk.pageContent).join('\n\n')
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw badRequest(`${file.name}: ${message.replace(/^[^:]+: /, '')}`)
  }
}

/**
 * An image upload with the type its bytes are (a client's claim is not trusted: the file is served
 * back with this type); data that is no image the chat takes answers 400.
 */
function sniffedImage(upload: Upload, base64: string): Upload {
  const mime = imageTypeOfBytes(Buffer.from(base64.slice(0, 32), 'base64'))
  if (!mime) throw badRequest(`${upload.name}: the data is not a PNG, JPEG, GIF or WebP image.`)
  if (!storedFileName(upload.name))
    throw badRequest(`${JSON.stringify(upload.name)} is not a file name; name the image.`)
  return { ...upload, mime }
}

/**
 * Keeps the images a question carries as files of its chat (those sent by URL are only named) and
 * answers what the user's message records of them: Flowise's `fileUploads`. Run once the uploads
 * were checked (`takeUploads`), before the run starts.
 */
export async function keepImages(
  ctx: AppContext,
  flow: Pick<FlowRow, 'id'>,
  chatId: string,
  uploads: readonly Upload[] | undefined,
): Promise<FileUploadRecord[]> {
  const records: FileUploadRecord[] = []
  for (const upload of uploads ?? []) {
    if (upload.type === 'url') {
      records.push({ type: 'url', name: upload.name, mime: upload.mime, data: upload.data })
      continue
    }
    const content = readUploadContent(upload.data)
    if (upload.type !== 'file' || !content) continue
    const bytes = Buffer.from(content.base64, 'base64')
    const name = await saveChatFile(ctx, { flowId: flow.id, chatId, name: upload.name }, bytes)
    records.push({ type: 'stored-file', name, mime: upload.mime })
  }
  return records
}

const isWholeFile = (upload: Upload, mime: string) =>
  upload.type === 'file:full' || (upload.type === 'file' && !mime.startsWith('image/'))

/**
 * Checks every upload against the flow's settings, then turns voice messages into the question and
 * puts the text of whole files beside it. A refused upload answers 400 naming the file and the rule
 * (a failed transcription 502) before anything runs or is stored.
 */
export async function takeUploads(
  ctx: AppContext,
  flow: FlowRow,
  request: PredictionRequest,
  signal: AbortSignal,
): Promise<AskedQuestion> {
  const uploads = request.uploads ?? []
  if (uploads.length === 0) return { question: request.question }
  const config = flowUploadsConfig(flow)
  const checked = uploads.map((upload) => {
    const text = carriesFileText(upload) ? upload.data : undefined
    const content = upload.type === 'url' || text !== undefined ? undefined : readUploadContent(upload.data)
    if (upload.type !== 'url' && text === undefined && !content)
      throw badRequest(`${upload.name}: the data must be base64 or a base64 data: URL.`)
    const mime = upload.mime || content?.mime || ''
    const bytes = content ? base64Bytes(content.base64) : text !== undefined ? Buffer.byteLength(text) : undefined
    const problem = uploadProblem({ type: upload.type, name: upload.name, mime, bytes }, config)
    if (problem) throw badRequest(problem)
    if (upload.type === 'file' && content && mime.startsWith('image/'))
      return { upload: sniffedImage(upload, content.base64), mime, content, text }
    return { upload, mime, content, text }
  })

  const timeout = AbortSignal.any([signal, AbortSignal.timeout(ctx.config.runTimeoutMs)])
  const words: string[] = []
  for (const { upload } of checked.filter((item) => item.upload.type === 'audio')) {
    const text = await transcribe(ctx, flow, upload, timeout)
    if (!text) throw badRequest(`${upload.name}: no words were heard in the voice message; record it again.`)
    words.push(text)
  }
  const files = checked.filter((item) => isWholeFile(item.upload, item.mime))
  const typed = words.length > 0 ? words.join(' ') : request.question.trim()
  const question = typed || files.map((item) => item.upload.name).join(', ')
  const attached: string[] = []
  for (const { upload, mime, content, text: sent } of files) {
    const text = sent ?? (await uploadText(ctx, { name: upload.name, mime, content: content?.base64 ?? '' }, timeout))
    attached.push(`Attached file ${upload.name}:\n${text}`)
  }
  const rest = checked.filter((item) => item.upload.type !== 'audio' && !files.includes(item)).map((i) => i.upload)
  return {
    question,
    ...(attached.length > 0 ? { prompt: [question, ...attached].join('\n\n') } : {}),
    ...(rest.length > 0 ? { uploads: rest } : {}),
  }
}
