import { dereferenceSpec, openApiServers } from '@weft/core'
import { readTextFiles } from '../documents/file-input.js'
import { callApi } from '../net/call-api.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { readText } from '../runtime/read-input.js'

// Reading the OpenAPI Toolkit's spec: from the uploaded file (Flowise 2.1's OpenAPI File, or the
// YAML File of older flows) or from a link fetched through the outbound guard.

const LABEL = 'OpenAPI Toolkit'
/** The most bytes read of a spec given by link. */
const MAX_SPEC_BYTES = 2 * 1024 * 1024

async function parseSpec(text: string, where: string): Promise<unknown> {
  let spec: unknown
  try {
    // yaml (72 modules) loads with the first YAML spec, not with the catalogue.
    spec = text.trimStart().startsWith('{') ? JSON.parse(text) : (await import('yaml')).parse(text)
  } catch (error) {
    throw new Error(`${LABEL}: ${where} is neither JSON nor YAML (${(error as Error).message}).`)
  }
  if (typeof spec !== 'object' || spec === null || !('paths' in spec)) {
    throw new Error(`${LABEL}: ${where} is not an OpenAPI specification (it has no "paths").`)
  }
  return dereferenceSpec(spec)
}

/** The dereferenced spec the node's inputs give. */
export async function loadOpenApiSpec(
  inputs: Record<string, unknown>,
  fetch: OutboundFetch,
  signal: AbortSignal,
): Promise<unknown> {
  if (inputs.inputType === 'link') {
    const link = readText(inputs.openApiLink).trim()
    const url = URL.parse(link)
    if (!url || !/^https?:$/.test(url.protocol)) throw new Error(`${LABEL}: fill in OpenAPI Link with a web address.`)
    const response = await callApi({ method: 'GET', url, headers: {}, fetch, signal, maxBytes: MAX_SPEC_BYTES })
    if (!response.ok) throw new Error(`${LABEL}: OpenAPI Link answered ${response.status} ${response.statusText}.`)
    return parseSpec(response.text, 'OpenAPI Link')
  }
  const file = inputs.openApiFile ?? inputs.yamlFile
  const [first] = readTextFiles(file, 'OpenAPI File')
  return parseSpec(first!.text, first!.name)
}

/**
 * The server the tools call: Server when it is one the spec lists (so a changed setting cannot send
 * calls elsewhere), else the spec's first. A relative server address names no host and is refused.
 */
export function chooseServer(spec: unknown, selected: unknown): string {
  const servers = openApiServers(spec)
  const wanted = readText(selected).trim()
  if (wanted && wanted !== 'error' && !servers.includes(wanted)) {
    throw new Error(`${LABEL}: Server ${wanted} is not one of the servers the specification lists.`)
  }
  const server = wanted && wanted !== 'error' ? wanted : servers[0]
  if (!server) throw new Error(`${LABEL}: the specification lists no server address to call.`)
  const url = URL.parse(server)
  if (!url || !/^https?:$/.test(url.protocol)) {
    throw new Error(`${LABEL}: the server address ${server} must be a full http or https address.`)
  }
  return server
}
