import { isParamType, type InputParam } from '../types/node.js'

/**
 * Why a node's param can never be overridden by an API caller, or undefined when its owner may allow
 * it. `never`: secrets, the credential picker, files and folders on the server, code and connections
 * stay as the owner set them, always. `credential`: while the node uses a credential, nothing that
 * says where its requests go or what they carry may change, or a caller could send the owner's key
 * to a server of their own.
 */
export type OverrideLock = 'never' | 'credential'

const NEVER_TYPES = new Set(['password', 'credential', 'file', 'folder', 'code'])

/**
 * Words of a param name that say where a request goes or what it carries (`basePath`, `baseURL`,
 * `baseOptions`, `url`, `host`, `port`, `headers`, `executeFlowBaseURL`, …). Matched on the words of
 * the camel-case name, so `temperature` or `support` do not match by accident.
 */
const ENDPOINT_WORDS = new Set([
  'url',
  'uri',
  'base',
  'path',
  'host',
  'hostname',
  'port',
  'endpoint',
  'header',
  'headers',
  'proxy',
  'domain',
  'server',
  'address',
  'origin',
  'options',
  // Where a repository or service instance is reached: `repoLink`, `githubInstanceApi`, `azureOpenAIApiInstanceName`.
  'api',
  'link',
  'repo',
  'instance',
  // How it is reached: `weaviateScheme`, `weaviateHttpSecure`, `weaviateConnectionType` (https → http would
  // send the key in the clear).
  'scheme',
  'secure',
  'protocol',
  'connection',
  'tls',
  'ssl',
])

/** The words of a camel-case param name, lower case: `executeFlowBaseURL` → execute, flow, base, url. */
export const paramNameWords = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)

/** Whether the param says where the node's requests go or what they carry; JSON params may hold either. */
export function isEndpointParam(param: Pick<InputParam, 'name' | 'type'>): boolean {
  return param.type === 'json' || endpointName(param.name)
}

/** Names asked about so far: the catalogue's param names, asked again at every run's override check. */
const endpointNames = new Map<string, boolean>()
const MAX_NAMES = 10_000

function endpointName(name: string): boolean {
  let answer = endpointNames.get(name)
  if (answer === undefined) {
    answer = paramNameWords(name).some((word) => ENDPOINT_WORDS.has(word))
    if (endpointNames.size >= MAX_NAMES) endpointNames.clear()
    endpointNames.set(name, answer)
  }
  return answer
}

export function overrideLockOf(
  param: Pick<InputParam, 'name' | 'type'>,
  usesCredential: boolean,
): OverrideLock | undefined {
  if (NEVER_TYPES.has(param.type) || !isParamType(param.type)) return 'never'
  if (usesCredential && isEndpointParam(param)) return 'credential'
  return undefined
}

/** Whether a flow node has a credential attached (the picker's choice, or Flowise's copy in the inputs). */
export function usesCredential(node: { credential?: unknown; inputs?: Record<string, unknown> }): boolean {
  return Boolean(node.credential) || Boolean(node.inputs?.credential) || Boolean(node.inputs?.FLOWISE_CREDENTIAL_ID)
}
