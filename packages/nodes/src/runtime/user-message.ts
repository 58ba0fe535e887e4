import { readUploadContent, type Upload } from '@weft/core'
import type { ImagePart, ModelMessage, TextPart } from 'ai'
import type { ChatModel } from '../providers/chat-model.js'

const isImage = (upload: Upload) =>
  upload.type === 'url' || (upload.type === 'file' && upload.mime.startsWith('image/'))

/** One image as the AI SDK sends it: its bytes (base64) or its address, with the model's detail. */
function imagePart(upload: Upload, detail: string | undefined): ImagePart | undefined {
  const address = upload.type === 'url' ? upload.data : undefined
  const content = address === undefined ? readUploadContent(upload.data) : undefined
  if (address === undefined && !content) return undefined
  const url = address ?? `data:${upload.mime};base64,${content!.base64}`
  return {
    type: 'image',
    image: address === undefined ? content!.base64 : new URL(address),
    mediaType: upload.mime,
    ...(detail
      ? {
          providerOptions: {
            openai: { imageDetail: detail },
            // The OpenAI-compatible provider (Azure) has no detail of its own: its metadata replaces
            // the part's image_url, so the detail is given there.
            openaiCompatible: { image_url: { url, detail } },
          },
        }
      : {}),
  }
}

/**
 * The user's message for `text`: with the run's images after the text when the model takes images
 * (its Allow Image Uploads is on), else the text alone.
 */
export function userMessage(model: ChatModel, text: string, uploads: readonly Upload[] | undefined): ModelMessage {
  const images = model.images ? (uploads ?? []).filter(isImage) : []
  const parts = images.flatMap((upload) => imagePart(upload, model.images?.detail) ?? [])
  if (parts.length === 0) return { role: 'user', content: text }
  const textPart: TextPart = { type: 'text', text }
  return { role: 'user', content: [textPart, ...parts] }
}
