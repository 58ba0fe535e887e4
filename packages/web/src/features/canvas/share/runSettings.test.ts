import { describe, expect, it } from 'vitest'
import { runSettingsConfig, runSettingsOf, speechToTextOf, validateRunSettings } from './runSettings'

const whisper = JSON.stringify({
  none: { status: false },
  openAIWhisper: { status: true, credentialId: 'c1', language: 'en', prompt: 'Shop words', temperature: 0 },
})

describe('run settings of the configuration dialog', () => {
  it('reads Flowise’s stored shapes', () => {
    const form = runSettingsOf(
      {
        fullFileUpload: {
          status: true,
          allowedUploadFileTypes: 'text/plain,application/pdf,application/zip,text/csv',
          maxUploadSize: 3,
        },
        postProcessing: { enabled: true, customFunction: JSON.stringify('return $flow.rawOutput') },
      },
      whisper,
    )
    expect(form).toEqual({
      fileUploadOn: true,
      fileTypes: ['text/plain', 'application/pdf', 'text/csv'],
      fileMaxMb: '3',
      speechOn: true,
      speechProvider: 'openAIWhisper',
      speechCredentialId: 'c1',
      speechModel: '',
      speechLanguage: 'en',
      speechBaseUrl: '',
      postProcessingOn: true,
      postProcessingCode: 'return $flow.rawOutput',
    })
  })

  it('starts a flow that never had them switched off, with plain text files and 5 MB ready', () => {
    expect(runSettingsOf({}, null)).toMatchObject({
      fileUploadOn: false,
      fileTypes: ['text/plain'],
      fileMaxMb: '5',
      speechOn: false,
      speechProvider: 'openAIWhisper',
      postProcessingOn: false,
      postProcessingCode: '',
    })
    const untouched = runSettingsOf({}, null)
    expect(runSettingsConfig(untouched, {})).toEqual({ fullFileUpload: undefined, postProcessing: undefined })
    expect(speechToTextOf(untouched, null)).toBeUndefined()
  })

  it('writes Flowise’s shapes, keeping what the dialog does not edit', () => {
    const form = { ...runSettingsOf({}, null), fileUploadOn: true, fileTypes: ['text/csv'], fileMaxMb: '2' }
    const stored = { fullFileUpload: { status: false, pdfFile: { usage: 'perPage' } } as never }
    expect(runSettingsConfig({ ...form, postProcessingOn: true, postProcessingCode: 'return "x"' }, stored)).toEqual({
      fullFileUpload: {
        status: true,
        allowedUploadFileTypes: 'text/csv',
        maxUploadSize: 2,
        pdfFile: { usage: 'perPage' },
      },
      postProcessing: { enabled: true, customFunction: '"return \\"x\\""' },
    })
  })

  it('switches the chosen speech provider on and every other off, keeping their settings', () => {
    const form = {
      ...runSettingsOf({}, whisper),
      speechProvider: 'localAISTT' as const,
      speechBaseUrl: ' http://127.0.0.1:8080/v1 ',
      speechModel: 'whisper-large',
      speechCredentialId: '',
    }
    expect(JSON.parse(speechToTextOf(form, whisper)!)).toEqual({
      none: { status: false },
      openAIWhisper: { status: false, credentialId: 'c1', language: 'en', prompt: 'Shop words', temperature: 0 },
      localAISTT: { status: true, baseUrl: 'http://127.0.0.1:8080/v1', model: 'whisper-large', language: 'en' },
    })
    const off = JSON.parse(speechToTextOf({ ...runSettingsOf({}, whisper), speechOn: false }, whisper)!)
    expect(off.openAIWhisper).toMatchObject({ status: false, credentialId: 'c1' })
  })

  it('names what is missing before saving', () => {
    const base = runSettingsOf({}, null)
    expect(validateRunSettings(base)).toEqual({})
    expect(
      validateRunSettings({
        ...base,
        fileUploadOn: true,
        fileTypes: [],
        fileMaxMb: '50',
        speechOn: true,
        postProcessingOn: true,
      }),
    ).toEqual({
      fileTypes: 'Choose at least one type of file',
      fileMaxMb: 'Enter a whole number of MB from 1 to 20',
      speechCredentialId: 'Choose the OpenAI credential to transcribe with',
      postProcessingCode: 'Write the function, or switch post-processing off',
    })
    expect(validateRunSettings({ ...base, speechOn: true, speechProvider: 'localAISTT', speechBaseUrl: 'x' })).toEqual({
      speechBaseUrl: "Enter the server's address, like http://localhost:8080/v1",
    })
  })
})
