import { describe, expect, it } from 'vitest'
import { isSpeechToTextOn, readSpeechToText, speechToTextProblem, transcriptionUrl } from './speech-to-text-setting.js'

const stored = (value: unknown) => JSON.stringify(value)

describe('speech to text setting', () => {
  it('reads the provider that is on, with whisper-1 as the model by default', () => {
    const setting = readSpeechToText(
      stored({
        none: { status: false },
        openAIWhisper: { status: true, credentialId: 'c1', language: 'en', prompt: '', temperature: 0 },
      }),
    )
    expect(setting).toEqual({
      provider: 'openAIWhisper',
      credentialId: 'c1',
      baseUrl: undefined,
      model: 'whisper-1',
      language: 'en',
      prompt: undefined,
      temperature: 0,
    })
    expect(transcriptionUrl(setting as never)).toBe('https://api.openai.com/v1/audio/transcriptions')
  })

  it('sends to a compatible server at its base URL', () => {
    const setting = readSpeechToText(
      stored({ localAISTT: { status: true, baseUrl: 'http://127.0.0.1:8080/v1/', model: 'whisper-large' } }),
    )
    expect(setting).toMatchObject({ provider: 'localAISTT', model: 'whisper-large' })
    expect(transcriptionUrl(setting as never)).toBe('http://127.0.0.1:8080/v1/audio/transcriptions')
  })

  it('is off when no provider is on, "none" is on, or the text is not JSON', () => {
    for (const text of [
      null,
      '',
      'nope',
      stored({ none: { status: true } }),
      stored({ openAIWhisper: { status: false } }),
    ]) {
      expect(readSpeechToText(text)).toBeUndefined()
      expect(isSpeechToTextOn(text)).toBe(false)
    }
    expect(isSpeechToTextOn(stored({ openAIWhisper: { status: true } }))).toBe(true)
  })

  it('names a provider it does not speak to', () => {
    expect(readSpeechToText(stored({ assemblyAiTranscribe: { status: true } }))).toEqual({
      unsupported: 'assemblyAiTranscribe',
    })
  })

  it('refuses settings it could not use, naming the field', () => {
    expect(speechToTextProblem({ openAIWhisper: { status: true, credentialId: 'c1' } })).toBeUndefined()
    expect(speechToTextProblem({ openAIWhisper: { status: false } })).toBeUndefined()
    expect(speechToTextProblem([])).toBe('must be an object of providers by name')
    expect(speechToTextProblem({ openAIWhisper: { status: true } })).toBe(
      'openAIWhisper.credentialId: choose an OpenAI credential',
    )
    expect(speechToTextProblem({ localAISTT: { status: true, baseUrl: 'ftp://x' } })).toBe(
      'localAISTT.baseUrl must be an http or https address, e.g. http://localhost:8080/v1',
    )
    expect(
      speechToTextProblem({ openAIWhisper: { status: true, credentialId: 'c' }, localAISTT: { status: true } }),
    ).toBe('only one provider may be on, not openAIWhisper and localAISTT')
    expect(speechToTextProblem({ assemblyAiTranscribe: { status: true } })).toBe(
      'assemblyAiTranscribe is not a provider Weft can use; choose openAIWhisper or localAISTT',
    )
    expect(speechToTextProblem({ openAIWhisper: { status: true, credentialId: 'c', temperature: 2 } })).toBe(
      'openAIWhisper.temperature must be a number from 0 to 1',
    )
  })
})
