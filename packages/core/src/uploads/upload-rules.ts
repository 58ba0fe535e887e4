import type { ChatbotConfig, UploadSizeAndTypes, UploadsConfig, UploadType } from '../types/run.js'
import { fileTypeOf, READABLE_FILE_TYPES } from './file-types.js'
import { allowedFileTypes, fileMaxMb } from './file-upload-setting.js'

// What a chat may send with a question, and the one check of each upload against it: the chat
// windows run it on a picked file before sending, the server on every upload before a run starts.

/** Images a chat model that sees them takes, and their limit: Flowise's. */
export const IMAGE_UPLOADS: UploadSizeAndTypes = {
  fileTypes: ['image/gif', 'image/jpeg', 'image/png', 'image/webp'],
  maxUploadSize: 5,
}

/** A voice message's limit (MB); a minute of browser-recorded speech is well under 1 MB. */
export const AUDIO_MAX_MB = 10

const MB = 1024 * 1024

export interface UploadSources {
  chatbotConfig: ChatbotConfig
  /** Whether a chat model of the flow lets users attach images (its Allow Image Uploads). */
  imagesAllowed: boolean
  speechToTextEnabled: boolean
}

/** What a chat may send, in the shape Flowise's clients read as `uploads`. */
export function uploadsConfigOf({ chatbotConfig, imagesAllowed, speechToTextEnabled }: UploadSources): UploadsConfig {
  const setting = chatbotConfig.fullFileUpload
  const fileTypes = setting?.status === true ? allowedFileTypes(setting) : []
  return {
    isSpeechToTextEnabled: speechToTextEnabled,
    isImageUploadAllowed: imagesAllowed,
    isRAGFileUploadAllowed: false,
    imgUploadSizeAndTypes: imagesAllowed ? [IMAGE_UPLOADS] : [],
    fileUploadSizeAndTypes: fileTypes.length > 0 ? [{ fileTypes, maxUploadSize: fileMaxMb(setting) }] : [],
  }
}

const isOn = (value: unknown) => value === true || value === 'true'

type NodeData = { name?: unknown; inputs?: Record<string, unknown> } | undefined

/** A chatflow chat model node with the switch on, or an agentflow step whose picked model has it on. */
function nodeAllowsImages(data: NodeData, imageModels: ReadonlySet<string>): boolean {
  const inputs = data?.inputs ?? {}
  if (typeof data?.name === 'string' && imageModels.has(data.name) && isOn(inputs.allowImageUploads)) return true
  // Agentflow V2 steps keep their model as `<prefix>Model` and its inputs as `<prefix>ModelConfig`.
  return Object.entries(inputs).some(([key, config]) => {
    if (!key.endsWith('ModelConfig') || typeof config !== 'object' || config === null) return false
    const model = inputs[key.slice(0, -'Config'.length)]
    return (
      typeof model === 'string' && imageModels.has(model) && isOn((config as Record<string, unknown>).allowImageUploads)
    )
  })
}

/**
 * True when a chat model of the flow lets chat users attach images: Allow Image Uploads is on in a
 * node named in `imageModels` (the chat models that send images to their model), or in the model
 * an agentflow step picked from them. The switch on any other node allows nothing, as its model
 * would never see the image. `flowData` is the stored JSON text; text that does not parse allows nothing.
 */
export function flowAllowsImages(flowData: string, imageModels: ReadonlySet<string>): boolean {
  // Most flows have no such input: they are answered without parsing.
  if (!flowData.includes('allowImageUploads')) return false
  try {
    const nodes = (JSON.parse(flowData) as { nodes?: unknown }).nodes
    if (!Array.isArray(nodes)) return false
    return nodes.some((node: { data?: NodeData } | null) => nodeAllowsImages(node?.data, imageModels))
  } catch {
    return false
  }
}

/** One upload as the check sees it; `bytes` is unknown for an image sent by URL. */
export interface UploadToCheck {
  type: UploadType
  name: string
  mime: string
  bytes?: number
}

const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`

function sizeAndTypeProblem(
  upload: UploadToCheck,
  type: string,
  rule: UploadSizeAndTypes,
  kind: 'files' | 'images',
): string | undefined {
  if (!rule.fileTypes.includes(type)) {
    return `${upload.name}: ${kind} of type ${type || 'unknown'} are not accepted here; accepted: ${rule.fileTypes.join(', ')}.`
  }
  if (upload.bytes !== undefined && upload.bytes > rule.maxUploadSize * MB) {
    return `${upload.name}: ${megabytes(upload.bytes)} is over the ${rule.maxUploadSize} MB limit for ${kind}.`
  }
  return undefined
}

/**
 * Why the chat does not take `upload`, naming the file and the rule it breaks, or undefined when
 * it does. A 'file' that is an image is checked as an image, any other as a whole file.
 */
export function uploadProblem(upload: UploadToCheck, config: UploadsConfig): string | undefined {
  const { name } = upload
  const type = fileTypeOf(name, upload.mime)
  if (upload.type === 'audio') {
    if (!config.isSpeechToTextEnabled) return `${name}: this chat does not take voice messages; speech to text is off.`
    if (!type.startsWith('audio/')) return `${name}: a voice message must be audio, not ${type || 'an unknown type'}.`
    if (upload.bytes !== undefined && upload.bytes > AUDIO_MAX_MB * MB)
      return `${name}: ${megabytes(upload.bytes)} is over the ${AUDIO_MAX_MB} MB limit for voice messages.`
    return undefined
  }
  if (upload.type === 'file:rag')
    return `${name}: files for a vector store (file:rag) are not supported; send whole files (file:full) with file upload on.`
  const image = upload.type === 'url' || (upload.type === 'file' && type.startsWith('image/'))
  if (image) {
    if (!type.startsWith('image/')) return `${name}: only images can be sent by URL.`
    const rule = config.imgUploadSizeAndTypes[0]
    if (!config.isImageUploadAllowed || !rule)
      return `${name}: this chat does not take images; the flow's chat model does not allow image uploads.`
    return sizeAndTypeProblem(upload, type, rule, 'images')
  }
  const rule = config.fileUploadSizeAndTypes[0]
  if (!rule) return `${name}: this chat does not take files; file upload is off.`
  return sizeAndTypeProblem(upload, type, rule, 'files')
}

/** The `accept` list of a picker for what the chat takes: whole files (MIME types and extensions), then images. */
export function acceptedFileTypes(config: UploadsConfig): string {
  const files = config.fileUploadSizeAndTypes.flatMap((rule) => rule.fileTypes)
  const extensions = READABLE_FILE_TYPES.filter((choice) => files.includes(choice.mime)).flatMap((c) => c.extensions)
  const images = config.isImageUploadAllowed ? config.imgUploadSizeAndTypes.flatMap((rule) => rule.fileTypes) : []
  return [...files, ...extensions, ...images].join(',')
}
