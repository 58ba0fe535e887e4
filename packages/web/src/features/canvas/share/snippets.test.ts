import { describe, expect, it } from 'vitest'
import { buildSnippet, predictionUrl, toPython, type SnippetOptions } from './snippets'

const base: SnippetOptions = {
  origin: 'https://weft.example.com',
  flowId: 'f1',
  apiKey: null,
  inputs: [],
  streaming: false,
}
const withKey: SnippetOptions = { ...base, apiKey: { name: 'Production' } }
const inputs = [
  { name: 'temperature', value: 0.7 },
  { name: 'modelName', value: "gpt's" },
  { name: 'streaming', value: true },
  { name: 'extra', value: {} },
]

// The JSON a curl example sends, read back the way the shell would pass it.
const curlBody = (snippet: string) => JSON.parse(snippet.split(" -d '")[1]!.replace(/'$/, '').replace(/'\\''/g, "'"))

describe('API code snippets', () => {
  it('calls the prediction URL of the flow on this server', () => {
    expect(predictionUrl('https://weft.example.com/', 'f 1')).toBe('https://weft.example.com/api/v1/prediction/f%201')
    for (const language of ['curl', 'javascript', 'python'] as const)
      expect(buildSnippet(language, base)).toContain('https://weft.example.com/api/v1/prediction/f1')
  })

  it('sends no Authorization header when no key is bound', () => {
    for (const language of ['curl', 'javascript', 'python'] as const) {
      expect(buildSnippet(language, base)).not.toContain('Authorization')
      expect(buildSnippet(language, base)).not.toContain('API key')
    }
  })

  it('sends the bound key as a bearer placeholder and names the key', () => {
    const curl = buildSnippet('curl', withKey)
    expect(curl).toContain(`-H 'Authorization: Bearer <your API key>'`)
    expect(curl).toContain('# Replace <your API key> with the API key "Production" bound to this flow.')
    expect(buildSnippet('javascript', withKey)).toContain(`Authorization: 'Bearer <your API key>'`)
    expect(buildSnippet('python', withKey)).toContain('headers = {"Authorization": "Bearer <your API key>"}')
    expect(buildSnippet('python', withKey)).toContain('requests.post(API_URL, json=payload, headers=headers)')
    expect(buildSnippet('curl', { ...base, apiKey: { name: '' } })).toContain('with the API key bound to this flow')
  })

  it('puts the question and the example inputs in overrideConfig', () => {
    const body = curlBody(buildSnippet('curl', { ...base, inputs }))
    expect(body).toEqual({
      question: 'Hey, how are you?',
      overrideConfig: { temperature: 0.7, modelName: "gpt's", streaming: true, extra: {} },
    })
    expect(curlBody(buildSnippet('curl', base))).toEqual({ question: 'Hey, how are you?' })
  })

  it('writes Python literals for the body', () => {
    const python = buildSnippet('python', { ...base, inputs })
    expect(python).toContain('"streaming": True')
    expect(python).toContain('"extra": {}')
    expect(python).toContain('"temperature": 0.7')
    expect(toPython({ a: [null, false, 'x'] }, '')).toBe(
      '{\n    "a": [\n        None,\n        False,\n        "x"\n    ]\n}',
    )
  })

  it('streaming variants ask for streaming and read the event frames', () => {
    const options = { ...withKey, streaming: true }
    const curl = buildSnippet('curl', options)
    expect(curl).toContain('curl -N -X POST')
    expect(curlBody(curl)).toMatchObject({ streaming: true })
    const javascript = buildSnippet('javascript', options)
    expect(javascript).toContain('"streaming": true')
    expect(javascript).toContain('getReader()')
    expect(javascript).toContain("if (event === 'token') onToken(payload)")
    const python = buildSnippet('python', options)
    expect(python).toContain('"streaming": True')
    expect(python).toContain('stream=True')
    expect(python).toContain('frame["event"] == "token"')
  })

  it('JSON variants read the answer text', () => {
    expect(buildSnippet('javascript', base)).toContain('console.log(answer.text)')
    expect(buildSnippet('python', base)).toContain('print(output["text"])')
  })
})
