import type { InputOption } from '@weft/core'
import type { LoadMethod, LoadMethodRequest } from '../define-node.js'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import { readServerAddress, withoutTrailingSlash } from '../providers/node-inputs.js'

/** A model server that does not answer within this time is treated as unreachable. */
const SERVER_TIMEOUT_MS = 2000

interface ModelServer {
  /** The node input that holds the server's address. */
  addressInput: string
  defaultAddress: string
  /** Where the server lists its models, below its address. */
  listPath: string
  /** The model names in the server's answer. */
  readNames: (body: unknown) => string[]
  /** The one option offered when the server cannot list anything, with the reason added. */
  fallback: InputOption
}

/** Asks through the request's guarded fetch: the address is the user's choice. */
async function fetchJson(url: string, { fetch: guardedFetch, signal }: LoadMethodRequest): Promise<unknown> {
  const timeout = AbortSignal.timeout(SERVER_TIMEOUT_MS)
  const response = await guardedFetch(url, {
    headers: { accept: 'application/json' },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  })
  if (!response.ok) throw new Error(`it answered HTTP ${response.status}`)
  try {
    return await response.json()
  } catch {
    // The parser's message quotes the answer; what an address answers is not for the caller to read.
    throw new Error('its answer is not a list of models')
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'it did not answer within 2 s'
  return error instanceof Error ? error.message : String(error)
}

/** Lists the models a running server offers; falls back to one helpful option when it cannot. */
function listServerModels(server: ModelServer): LoadMethod {
  return async (request: LoadMethodRequest) => {
    const { inputs } = request
    const address = withoutTrailingSlash(readServerAddress(inputs, server.addressInput) ?? server.defaultAddress)
    const explain = (reason: string): InputOption[] => [
      { ...server.fallback, description: `${server.fallback.description} (${address}: ${reason})` },
    ]
    try {
      const names = server.readNames(await fetchJson(`${address}${server.listPath}`, request))
      if (names.length === 0) return explain('no models installed yet')
      return names.map((name) => ({ label: name, name }))
    } catch (error) {
      if (error instanceof OutboundRequestRefused)
        return [{ ...server.fallback, description: `${server.fallback.description}. ${error.message}` }]
      return explain(reasonOf(error))
    }
  }
}

const namesAt = (list: unknown, key: string): string[] =>
  Array.isArray(list)
    ? list.map((item: unknown) => (item as Record<string, unknown> | null)?.[key]).filter((n) => typeof n === 'string')
    : []

export const OLLAMA_DEFAULT_URL = 'http://localhost:11434'

/** The models pulled into an Ollama server (GET /api/tags); `suggested` is offered when it is unreachable. */
export function listOllamaModels(suggested: string): LoadMethod {
  return listServerModels({
    addressInput: 'baseUrl',
    defaultAddress: OLLAMA_DEFAULT_URL,
    listPath: '/api/tags',
    readNames: (body) => namesAt((body as { models?: unknown } | null)?.models, 'name'),
    fallback: {
      label: suggested,
      name: suggested,
      description: `Could not list Ollama models; start Ollama and run "ollama pull ${suggested}"`,
    },
  })
}

/** The models of an OpenAI-compatible server (GET <basePath>/models): vLLM, LM Studio, llama.cpp, LocalAI… */
export function listOpenAICompatibleModels(): LoadMethod {
  return listServerModels({
    addressInput: 'basePath',
    defaultAddress: 'http://localhost:8000/v1',
    listPath: '/models',
    readNames: (body) => namesAt((body as { data?: unknown } | null)?.data, 'id'),
    fallback: {
      label: 'default',
      name: 'default',
      description: 'Could not list the server models; check the Base Path (it usually ends in /v1)',
    },
  })
}
