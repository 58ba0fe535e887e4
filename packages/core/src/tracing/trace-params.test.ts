import { describe, expect, it } from 'vitest'
import { genAiSystemOf } from './gen-ai-system.js'
import { isTraceableParam, traceableParams, truncateForTrace } from './trace-params.js'

describe('traceableParams', () => {
  const params = [
    { name: 'modelName', type: 'string' },
    { name: 'temperature', type: 'number' },
    { name: 'streaming', type: 'boolean' },
    { name: 'stop', type: 'array' },
    { name: 'openAIApiKey', type: 'password' },
    { name: 'credential', type: 'credential' },
    { name: 'accessToken', type: 'string' },
    { name: 'basePath', type: 'string' },
    { name: 'baseOptions', type: 'json' },
    { name: 'headers', type: 'string' },
    { name: 'pdfFile', type: 'file' },
    { name: 'code', type: 'code' },
    { name: 'model', type: 'BaseChatModel' },
    { name: 'empty', type: 'string' },
  ]
  const inputs = {
    modelName: 'gpt-4o-mini',
    temperature: 0.2,
    streaming: false,
    stop: ['\n'],
    openAIApiKey: 'sk-secret',
    credential: 'c1',
    accessToken: 'tok-secret',
    basePath: 'http://user:pw@host/v1',
    baseOptions: '{"Authorization":"Bearer x"}',
    headers: 'x-key: 1',
    pdfFile: 'data:application/pdf;base64,AAAA',
    code: 'return $vars.secret',
    model: '{{chatOpenAI_0.data.instance}}',
    empty: '',
  }

  it('shows plain settings and nothing that can hold a secret, an address or a connection', () => {
    expect(traceableParams(params, inputs)).toEqual({
      modelName: 'gpt-4o-mini',
      temperature: '0.2',
      streaming: 'false',
      stop: '["\\n"]',
    })
  })

  it('cuts long values', () => {
    const shown = traceableParams([{ name: 'template', type: 'string' }], { template: 'x'.repeat(40) }, 10)
    expect(shown.template).toBe(`${'x'.repeat(9)}…`)
    expect(truncateForTrace('short', 10)).toBe('short')
  })

  it('judges a param by its type and the words of its name', () => {
    expect(isTraceableParam({ name: 'maxTokens', type: 'number' })).toBe(true)
    expect(isTraceableParam({ name: 'topK', type: 'number' })).toBe(true)
    expect(isTraceableParam({ name: 'apiKey', type: 'string' })).toBe(false)
    expect(isTraceableParam({ name: 'clientSecret', type: 'string' })).toBe(false)
  })
})

describe('genAiSystemOf', () => {
  it('names the provider without the API it speaks', () => {
    expect(genAiSystemOf('openai.chat')).toBe('openai')
    expect(genAiSystemOf('openai.responses')).toBe('openai')
    expect(genAiSystemOf('anthropic.messages')).toBe('anthropic')
    expect(genAiSystemOf('ollama.chat')).toBe('ollama')
    expect(genAiSystemOf('llama.cpp')).toBe('llama.cpp')
    expect(genAiSystemOf('weft')).toBe('weft')
  })
})
