import { Worker } from 'node:worker_threads'
import type { FastifyInstance } from 'fastify'
import { badRequest } from '../http-error.js'

/**
 * JSON bodies as Fastify parses them (with its guards against prototype poisoning), except that an
 * empty body is no body: Flowise clients send `Content-Type: application/json` on a DELETE with
 * nothing after it, and that must delete rather than answer 400. A route whose schema needs a body
 * still refuses the request, naming what is missing.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined)
    parseJson(request, body as string, done)
  })
}

/** Bodies from this many characters on are parsed on a worker thread; smaller ones at once. */
export const OFF_THREAD_MIN_CHARS = 1024 * 1024

// The worker parses the text, refuses what Fastify's own parser refuses (`__proto__` keys and
// `constructor.prototype`), and checks a field holding a flow's JSON text (nodes and edges lists)
// so the route's schema need not parse it again on the main thread. What it sends back is a few
// objects holding big strings, which are copied, not parsed, on the way back.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads')
const isObject = (value) => typeof value === 'object' && value !== null
function poisoned(value) {
  if (!isObject(value)) return false
  if (Object.prototype.hasOwnProperty.call(value, '__proto__')) return true
  if (isObject(value.constructor) && Object.prototype.hasOwnProperty.call(value.constructor, 'prototype')) return true
  return Object.values(value).some(poisoned)
}
parentPort.on('message', ({ id, text, flowDataField }) => {
  let body
  try {
    body = JSON.parse(text)
  } catch (error) {
    return parentPort.postMessage({ id, error: 'The body is not valid JSON: ' + error.message })
  }
  if (/__proto__|constructor/.test(text) && poisoned(body)) {
    return parentPort.postMessage({ id, error: 'Object contains forbidden prototype property' })
  }
  let flowDataOk = true
  if (flowDataField && isObject(body) && typeof body[flowDataField] === 'string') {
    try {
      const flow = JSON.parse(body[flowDataField])
      flowDataOk = isObject(flow) && !Array.isArray(flow) && Array.isArray(flow.nodes) && Array.isArray(flow.edges)
    } catch {
      flowDataOk = false
    }
  }
  parentPort.postMessage({ id, body, flowDataOk })
})
`

interface Parsed {
  body: unknown
  flowDataOk: boolean
}

let worker: Worker | undefined
let nextId = 0
const waiting = new Map<number, { resolve: (parsed: Parsed) => void; reject: (error: Error) => void }>()

function parserWorker(): Worker {
  if (worker) return worker
  const started = new Worker(WORKER_SOURCE, { eval: true })
  started.unref()
  started.on('message', ({ id, error, ...parsed }: Parsed & { id: number; error?: string }) => {
    const caller = waiting.get(id)
    waiting.delete(id)
    if (error === undefined) caller?.resolve(parsed)
    else caller?.reject(badRequest(error))
  })
  const fail = (error: Error) => {
    worker = undefined
    for (const caller of waiting.values()) caller.reject(error)
    waiting.clear()
  }
  started.on('error', fail)
  started.on('exit', () => fail(new Error('The JSON parser thread stopped')))
  worker = started
  return started
}

/** How many bodies are being parsed on the worker thread right now. */
export const jsonParsesOffThread = (): number => waiting.size

function parseOffThread(text: string, flowDataField: string | undefined): Promise<Parsed> {
  return new Promise((resolve, reject) => {
    const id = nextId++
    waiting.set(id, { resolve, reject })
    parserWorker().postMessage({ id, text, flowDataField })
  })
}

export interface LargeJsonOptions {
  /** A body field holding a flow's JSON text, checked on the worker thread too; refused with this message. */
  flowData?: { field: string; message: string }
}

/**
 * JSON bodies of the plugin's routes (flow saves, imports: up to WEFT_FLOW_BODY_LIMIT_MB) parsed on
 * a worker thread from OFF_THREAD_MIN_CHARS on, so a big flow does not stop the server answering
 * everyone else while it is read. Smaller bodies, and empty ones, as acceptEmptyJsonBodies reads them.
 */
export function acceptLargeJsonBodies(app: FastifyInstance, options: LargeJsonOptions = {}): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string
    if (text === '') return done(null, undefined)
    if (text.length < OFF_THREAD_MIN_CHARS) return parseJson(request, text, done)
    parseOffThread(text, options.flowData?.field).then(
      ({ body: parsed, flowDataOk }) =>
        flowDataOk || !options.flowData
          ? done(null, parsed)
          : done(badRequest(`body.${options.flowData.field}: ${options.flowData.message}`)),
      (error: Error) => done(error),
    )
  })
}
