import type { AddressInfo } from 'node:net'
import { createSseReader, type Flow, type RunEvent } from '@weft/core'
import { listTemplates } from '@weft/nodes'
import type { FastifyInstance } from 'fastify'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import type { Browser } from './harness.js'

/** Saves a flow of the given flow data (a built-in template's by name, or any) in the browser's workspace. */
export async function createFlow(b: Browser, flowData: string, fields: Record<string, unknown> = {}): Promise<Flow> {
  const res = await b.post('/api/v1/chatflows', { name: 'Test flow', type: 'CHATFLOW', flowData, ...fields })
  if (res.status !== 201) throw new Error(`Creating the flow failed: ${JSON.stringify(res.body)}`)
  return res.body as Flow
}

export async function templateFlowData(templateName: string): Promise<string> {
  const template = (await listTemplates()).find((t) => t.templateName === templateName)
  if (!template) throw new Error(`No template named ${templateName}`)
  return template.flowData
}

/** Starts the app on a free port of 127.0.0.1 and answers its base URL, for tests that need real HTTP. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  return `http://127.0.0.1:${port}`
}

/** Reads a Server-Sent Events answer to its end with the product's own reader; `onEvent` sees each event as it arrives. */
export async function readEvents(
  response: Response,
  onEvent: (event: RunEvent) => void = () => {},
): Promise<RunEvent[]> {
  const events: RunEvent[] = []
  const reader = createSseReader((event) => {
    events.push(event)
    onEvent(event)
  })
  const decoder = new TextDecoder()
  const body = response.body?.getReader()
  if (!body) throw new Error('The answer has no body')
  for (let chunk = await body.read(); !chunk.done; chunk = await body.read()) {
    reader.push(decoder.decode(chunk.value, { stream: true }))
  }
  reader.end()
  return events
}

/**
 * The 3-node chatflow of the tests that need a real model call: a chat model on an OpenAI-compatible
 * server (the stand-in at `baseURL`), a prompt template and an LLM chain; its flow data as saved.
 */
export function modelChainFlow(baseURL: string, template = 'Answer: {question}'): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, { basePath: baseURL, modelName: 'mock-model' })
  const prompt = flow.add('promptTemplate', 0, 400, { template })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  return JSON.stringify(flow.build())
}
