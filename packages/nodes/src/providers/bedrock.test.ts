import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import awsChatBedrock from '../chat-models/aws-chat-bedrock.node.js'
import awsBedrockEmbeddings from '../embeddings/aws-bedrock-embeddings.node.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { startBedrockStandIn } from '../testing/bedrock-stand-in.js'
import type { LoopbackApi } from '../testing/loopback-api.js'
import { ask, runModelNode } from '../testing/run-model-node.js'
import { testFetch } from '../testing/test-fetch.js'
import { chat, ModelCallError, type ChatModel } from './chat-model.js'
import type { Embedder } from './embedder.js'

let bedrock: LoopbackApi
let fetch: OutboundFetch
let credential: Record<string, string>
beforeAll(async () => {
  bedrock = await startBedrockStandIn()
  fetch = testFetch(bedrock.url)
  credential = {
    awsKey: 'AKIATESTKEY123',
    awsSecret: 'secret-access-key-xyz',
    awsSession: 'session-token-abc',
    bedrockEndpointUrl: bedrock.url,
  }
})
afterAll(() => bedrock.close())

const signal = new AbortController().signal
const lastRequest = () => bedrock.requests.at(-1)!
const chatModel = (inputs: Record<string, unknown> = {}, saved = credential, useFetch = fetch) =>
  runModelNode<ChatModel>(awsChatBedrock, { region: 'eu-west-1', ...inputs }, saved, useFetch)

describe('AWS ChatBedrock', () => {
  it('streams the answer from the Converse API, signed with the access key', async () => {
    const tokens: string[] = []
    const result = await chat(await chatModel({ temperature: '0.2', max_tokens_to_sample: '64' }), {
      messages: ask('Is the sky blue?'),
      signal,
      onToken: (token) => tokens.push(token),
    })
    expect(result.text).toBe('Bedrock heard: Is the sky blue?')
    expect(tokens.length).toBeGreaterThan(1)
    expect(result.usage.totalTokens).toBe(11)
    const request = lastRequest()
    expect(request.url).toBe('/model/anthropic.claude-3-haiku-20240307-v1%3A0/converse-stream')
    expect(request.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIATESTKEY123\/\d{8}\/eu-west-1\/bedrock\//,
    )
    expect(request.headers['x-amz-security-token']).toBe('session-token-abc')
    expect(JSON.stringify(request.headers)).not.toContain('secret-access-key-xyz')
    expect(JSON.parse(request.body)).toMatchObject({ inferenceConfig: { maxTokens: 64, temperature: 0.2 } })
  })

  it('answers in one piece from /converse when Streaming is off, with the custom model', async () => {
    const result = await chat(await chatModel({ streaming: false, customModel: 'amazon.nova-lite-v1:0' }), {
      messages: ask('Hello?'),
      signal,
    })
    expect(result.text).toBe('Bedrock heard: Hello?')
    expect(lastRequest().url).toBe('/model/amazon.nova-lite-v1%3A0/converse')
  })

  it('reports a refusal without repeating the secret or the session token', async () => {
    const failure = (await chat(await chatModel({ streaming: false }), { messages: ask('please fail'), signal }).catch(
      (error: unknown) => error,
    )) as Error
    expect(failure).toBeInstanceOf(ModelCallError)
    expect(failure.message).toContain('the server answered HTTP 403: The security token *** included')
    expect(failure.message).not.toContain('session-token-abc')
  })

  it('refuses a region that is not one, and runs without the server environment keys', async () => {
    await expect(chatModel({ region: 'evil.example#' })).rejects.toThrow(
      'AWS ChatBedrock: "evil.example#" is not an AWS region, such as us-east-1',
    )
    await expect(chatModel({}, { awsKey: 'AKIA' })).rejects.toThrow(
      'AWS ChatBedrock needs an AWS access key and secret key: choose a credential in AWS Credential',
    )
  })

  it('reaches a private endpoint only when the administrator allowed it', async () => {
    const before = bedrock.requests.length
    const model = await chatModel({ streaming: false }, credential, testFetch())
    await expect(chat(model, { messages: ask('Hi'), signal })).rejects.toThrow('the address is private')
    expect(bedrock.requests.length).toBe(before)
  })
})

describe('AWS Bedrock Embeddings', () => {
  it('embeds each text with InvokeModel, line breaks as spaces, signed', async () => {
    const embedder = await runModelNode<Embedder>(awsBedrockEmbeddings, { region: 'us-east-1' }, credential, fetch)
    const vectors = await embedder.embed(['one two', 'three\nfour five'])
    expect(vectors).toEqual([
      [7, 2, 1],
      [15, 3, 1],
    ])
    const invokes = bedrock.requests.slice(-2)
    expect(invokes.map((request) => request.url)).toEqual([
      '/model/amazon.titan-embed-text-v1/invoke',
      '/model/amazon.titan-embed-text-v1/invoke',
    ])
    expect(invokes.map((request) => JSON.parse(request.body).inputText).sort()).toEqual(['one two', 'three four five'])
    expect(invokes[0]!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATESTKEY123\//)
  })
})
