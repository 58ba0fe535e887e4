import type { ChatTurn } from '@weft/core'
import { defineNode } from '../define-node.js'
import { callApi, type ApiResponse } from '../net/call-api.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { readServerAddress, readString, withoutTrailingSlash } from '../providers/node-inputs.js'
import type { MemoryValue } from '../runtime/memory.js'
import { isRecord, readNumber, readText } from '../runtime/read-input.js'
import { memoryKeyParam, sessionIdParam } from './memory-params.js'

// Zep's open-source server (v0 API): GET and POST /api/v1/sessions/{id}/memory. Its summary of older
// messages, when it has one, comes first; a session it does not know yet (404) has no history.

const MAX_BYTES = 4 * 1024 * 1024

interface ZepApi {
  base: string
  apiKey?: string
  fetch: OutboundFetch
  label: string
}

async function callZep(api: ZepApi, method: 'GET' | 'POST', path: string, signal: AbortSignal, body?: unknown) {
  const response = await callApi({
    method,
    url: new URL(`${api.base}${path}`),
    headers: api.apiKey ? { Authorization: `Bearer ${api.apiKey}` } : {},
    ...(body === undefined ? {} : { body }),
    fetch: api.fetch,
    signal,
    maxBytes: MAX_BYTES,
  })
  if (!response.ok && !(method === 'GET' && response.status === 404)) {
    throw new Error(`${api.label}: the Zep server answered HTTP ${response.status} to ${method} ${path.split('?')[0]}.`)
  }
  return response
}

function turnsOf(response: ApiResponse, aiPrefix: string): ChatTurn[] {
  if (response.status === 404) return []
  const memory: unknown = JSON.parse(response.text)
  if (!isRecord(memory)) return []
  const messages = Array.isArray(memory.messages) ? memory.messages.filter(isRecord) : []
  const turns: ChatTurn[] = messages.map((message) => ({
    role: message.role === aiPrefix || message.role_type === 'assistant' ? 'apiMessage' : 'userMessage',
    content: readText(message.content),
  }))
  const summary = isRecord(memory.summary) ? readText(memory.summary.content).trim() : ''
  return summary ? [{ role: 'apiMessage', content: `Summary of the conversation so far: ${summary}` }, ...turns] : turns
}

export default defineNode({
  descriptor: {
    label: 'Zep Memory - Open Source',
    name: 'ZepMemory',
    version: 1,
    type: 'ZepMemory',
    category: 'Memory',
    description: 'Remember the conversation in a Zep server of yours, which also summarises older messages.',
    icon: 'ZepMemory.svg',
    color: '#6C4BD8',
    baseClasses: ['ZepMemory', 'BaseChatMemory', 'BaseMemory'],
    credential: {
      label: 'Connect Credential',
      credentialNames: ['zepMemoryApi'],
      optional: true,
    },
    canvases: ['chatflow'],
    inputs: [
      { label: 'Base URL', name: 'baseURL', type: 'string', default: 'http://127.0.0.1:8000' },
      sessionIdParam,
      {
        label: 'Size',
        name: 'k',
        type: 'number',
        description: 'How many recent messages to read back from Zep.',
        step: 1,
        default: 10,
        additionalParams: true,
      },
      { label: 'AI Prefix', name: 'aiPrefix', type: 'string', default: 'ai', additionalParams: true },
      { label: 'Human Prefix', name: 'humanPrefix', type: 'string', default: 'human', additionalParams: true },
      memoryKeyParam,
      { label: 'Input Key', name: 'inputKey', type: 'string', default: 'input', additionalParams: true },
      { label: 'Output Key', name: 'outputKey', type: 'string', default: 'text', additionalParams: true },
    ],
  },
  run: async ({ inputs, credential, scope, label }): Promise<MemoryValue> => {
    const address = readServerAddress(inputs, 'baseURL')
    if (!address) throw new Error(`${label}: fill in Base URL, the address of your Zep server.`)
    const lastN = readNumber(inputs.k) ?? 10
    if (!Number.isInteger(lastN) || lastN < 1) throw new Error(`${label}: Size must be a whole number above 0.`)
    const aiPrefix = readString(inputs.aiPrefix) ?? 'ai'
    const humanPrefix = readString(inputs.humanPrefix) ?? 'human'
    const apiKey = readString(credential?.apiKey)
    const api: ZepApi = {
      base: withoutTrailingSlash(address),
      fetch: scope.fetch,
      label,
      ...(apiKey ? { apiKey } : {}),
    }
    const memoryPath = (sessionId: string) => `/api/v1/sessions/${encodeURIComponent(sessionId)}/memory`
    return {
      kind: 'memory',
      sessionId: readText(inputs.sessionId).trim(),
      store: {
        history: async (sessionId) =>
          turnsOf(await callZep(api, 'GET', `${memoryPath(sessionId)}?lastn=${lastN}`, scope.signal), aiPrefix),
        append: async (sessionId, turns, signal) => {
          const messages = turns.map((turn) =>
            turn.role === 'userMessage'
              ? { role: humanPrefix, role_type: 'user', content: turn.content }
              : { role: aiPrefix, role_type: 'assistant', content: turn.content },
          )
          await callZep(api, 'POST', memoryPath(sessionId), signal, { messages })
        },
      },
    }
  },
})
