import { describe, expect, it } from 'vitest'
import type { UploadsConfig } from '../types/run.js'
import { fileTypeOf } from './file-types.js'
import { allowedFileTypes, DEFAULT_FILE_MAX_MB, fileMaxMb, fullFileUploadProblem } from './file-upload-setting.js'
import { acceptedFileTypes, flowAllowsImages, uploadProblem, uploadsConfigOf } from './upload-rules.js'

const MB = 1024 * 1024

const config = (changes: Partial<Parameters<typeof uploadsConfigOf>[0]> = {}): UploadsConfig =>
  uploadsConfigOf({
    chatbotConfig: {
      fullFileUpload: { status: true, allowedUploadFileTypes: 'text/plain,text/csv,application/zip', maxUploadSize: 2 },
    },
    imagesAllowed: false,
    speechToTextEnabled: false,
    ...changes,
  })

describe('what a chat takes', () => {
  it('answers Flowise’s uploads shape, with only the file types Weft reads', () => {
    expect(config()).toEqual({
      isSpeechToTextEnabled: false,
      isImageUploadAllowed: false,
      isRAGFileUploadAllowed: false,
      imgUploadSizeAndTypes: [],
      fileUploadSizeAndTypes: [{ fileTypes: ['text/plain', 'text/csv'], maxUploadSize: 2 }],
    })
    const off = config({ chatbotConfig: { fullFileUpload: { status: false, allowedUploadFileTypes: 'text/plain' } } })
    expect(off.fileUploadSizeAndTypes).toEqual([])
    expect(config({ imagesAllowed: true }).imgUploadSizeAndTypes[0]?.fileTypes).toContain('image/png')
  })

  it('takes a file of an allowed type within the limit', () => {
    expect(uploadProblem({ type: 'file:full', name: 'notes.txt', mime: 'text/plain', bytes: 2 * MB }, config())).toBe(
      undefined,
    )
    // Browsers give no type for files they do not know: the extension tells.
    expect(uploadProblem({ type: 'file:full', name: 'table.CSV', mime: '', bytes: 10 }, config())).toBeUndefined()
    // Flowise's API samples send whole files as plain 'file'.
    expect(uploadProblem({ type: 'file', name: 'notes.txt', mime: 'text/plain', bytes: 10 }, config())).toBeUndefined()
  })

  it('names the file and the rule it breaks', () => {
    expect(uploadProblem({ type: 'file:full', name: 'report.zip', mime: 'application/zip', bytes: 10 }, config())).toBe(
      'report.zip: files of type application/zip are not accepted here; accepted: text/plain, text/csv.',
    )
    expect(uploadProblem({ type: 'file:full', name: 'big.txt', mime: 'text/plain', bytes: 2 * MB + 1 }, config())).toBe(
      'big.txt: 2.0 MB is over the 2 MB limit for files.',
    )
    const off = config({ chatbotConfig: {} })
    expect(uploadProblem({ type: 'file:full', name: 'a.txt', mime: 'text/plain', bytes: 1 }, off)).toBe(
      'a.txt: this chat does not take files; file upload is off.',
    )
    expect(uploadProblem({ type: 'file:rag', name: 'a.txt', mime: 'text/plain', bytes: 1 }, config())).toContain(
      'a.txt: files for a vector store (file:rag) are not supported',
    )
  })

  it('takes images only when the flow’s chat model allows them', () => {
    const image = { type: 'file' as const, name: 'cat.png', mime: 'image/png', bytes: MB }
    expect(uploadProblem(image, config())).toBe(
      "cat.png: this chat does not take images; the flow's chat model does not allow image uploads.",
    )
    expect(uploadProblem(image, config({ imagesAllowed: true }))).toBeUndefined()
    expect(uploadProblem({ ...image, bytes: 6 * MB }, config({ imagesAllowed: true }))).toBe(
      'cat.png: 6.0 MB is over the 5 MB limit for images.',
    )
    expect(uploadProblem({ type: 'url', name: 'cat', mime: 'image/png' }, config({ imagesAllowed: true }))).toBe(
      undefined,
    )
    expect(uploadProblem({ type: 'url', name: 'page', mime: 'text/html' }, config({ imagesAllowed: true }))).toBe(
      'page: only images can be sent by URL.',
    )
  })

  it('takes voice messages only when speech to text is on', () => {
    const voice = { type: 'audio' as const, name: 'audio.webm', mime: 'audio/webm;codecs=opus', bytes: 1000 }
    expect(uploadProblem(voice, config())).toBe(
      'audio.webm: this chat does not take voice messages; speech to text is off.',
    )
    expect(uploadProblem(voice, config({ speechToTextEnabled: true }))).toBeUndefined()
    expect(uploadProblem({ ...voice, mime: 'text/plain' }, config({ speechToTextEnabled: true }))).toBe(
      'audio.webm: a voice message must be audio, not text/plain.',
    )
  })

  it('offers a file picker the allowed types and their extensions', () => {
    expect(acceptedFileTypes(config())).toBe('text/plain,text/csv,.txt,.csv')
  })

  it('offers the picker the image types too when the chat takes images', () => {
    expect(acceptedFileTypes(config({ imagesAllowed: true }))).toBe(
      'text/plain,text/csv,.txt,.csv,image/gif,image/jpeg,image/png,image/webp',
    )
  })

  it('sees images allowed when a chat model of the flow that sends images says so', () => {
    const seeing = new Set(['chatOpenAI', 'chatAnthropic'])
    const flow = (inputs: Record<string, unknown>, name = 'chatOpenAI') =>
      JSON.stringify({ nodes: [{ data: { name, inputs } }], edges: [] })
    expect(flowAllowsImages(flow({ allowImageUploads: true }), seeing)).toBe(true)
    expect(flowAllowsImages(flow({ allowImageUploads: 'true' }, 'chatAnthropic'), seeing)).toBe(true)
    expect(flowAllowsImages(flow({ allowImageUploads: false }), seeing)).toBe(false)
    expect(flowAllowsImages(flow({}), seeing)).toBe(false)
    expect(flowAllowsImages('{"allowImageUploads": broken', seeing)).toBe(false)
  })

  it("sees images allowed by an agentflow step's chat model (Flowise's llmModelConfig, agentModelConfig)", () => {
    const seeing = new Set(['chatOpenAI'])
    const step = (model: string, allowImageUploads: unknown, prefix = 'llm') =>
      JSON.stringify({
        nodes: [
          {
            data: {
              name: `${prefix}Agentflow`,
              inputs: {
                [`${prefix}Model`]: model,
                [`${prefix}ModelConfig`]: { modelName: 'gpt-4o', allowImageUploads },
              },
            },
          },
        ],
      })
    expect(flowAllowsImages(step('chatOpenAI', true), seeing)).toBe(true)
    expect(flowAllowsImages(step('chatOpenAI', true, 'agent'), seeing)).toBe(true)
    expect(flowAllowsImages(step('chatOpenAI', false), seeing)).toBe(false)
    expect(flowAllowsImages(step('chatMistralAI', true), seeing)).toBe(false)
  })

  it('sees no images allowed where the switch sits on a model that cannot send them', () => {
    // A flow from Flowise may carry the input on a node whose Weft model sends text only.
    const flow = JSON.stringify({ nodes: [{ data: { name: 'chatMistralAI', inputs: { allowImageUploads: true } } }] })
    expect(flowAllowsImages(flow, new Set(['chatOpenAI']))).toBe(false)
  })
})

describe('file upload setting', () => {
  it('reads types under one name and the limit within bounds', () => {
    expect(fileTypeOf('a.xml', 'text/xml')).toBe('application/xml')
    expect(fileTypeOf('a.md', 'application/octet-stream')).toBe('text/markdown')
    expect(allowedFileTypes({ status: true, allowedUploadFileTypes: ' Text/Plain ,text/plain,image/png' })).toEqual([
      'text/plain',
    ])
    expect(fileMaxMb({ status: true, maxUploadSize: 3 })).toBe(3)
    expect(fileMaxMb({ status: true, maxUploadSize: 500 })).toBe(DEFAULT_FILE_MAX_MB)
  })

  it('refuses settings it could not apply, naming the field', () => {
    expect(fullFileUploadProblem(undefined)).toBeUndefined()
    expect(fullFileUploadProblem({ status: true, allowedUploadFileTypes: 'text/plain', maxUploadSize: 20 })).toBe(
      undefined,
    )
    expect(fullFileUploadProblem({ status: 'yes' })).toBe('fullFileUpload.status must be true or false')
    expect(fullFileUploadProblem({ status: false, maxUploadSize: 21 })).toBe(
      'fullFileUpload.maxUploadSize must be a whole number of MB from 1 to 20',
    )
    expect(fullFileUploadProblem({ status: true, allowedUploadFileTypes: 'application/zip' })).toMatch(
      /^fullFileUpload.allowedUploadFileTypes must name at least one type Weft can read: text\/plain/,
    )
  })
})
