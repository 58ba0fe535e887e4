import { REDACTED_SECRET, type Credential, type CredentialDescriptor } from '@weft/core'
import { json, restServer } from './restServer'

export const CREDENTIAL_TYPES: CredentialDescriptor[] = [
  {
    label: 'OpenAI API',
    name: 'openAIApi',
    description: 'An API key from platform.openai.com.',
    inputs: [{ label: 'OpenAI Api Key', name: 'openAIApiKey', type: 'password' }],
  },
  {
    label: 'Anthropic API',
    name: 'anthropicApi',
    description: 'An API key from console.anthropic.com.',
    inputs: [{ label: 'Anthropic Api Key', name: 'anthropicApiKey', type: 'password' }],
  },
  {
    label: 'HTTP Basic Auth',
    name: 'httpBasicAuth',
    inputs: [
      { label: 'Basic Auth Username', name: 'basicAuthUsername', type: 'string' },
      { label: 'Basic Auth Password', name: 'basicAuthPassword', type: 'password' },
    ],
  },
]

export function credentialOf(
  id: string,
  name: string,
  credentialName: string,
  extra: Partial<Credential> = {},
): Credential {
  return {
    id,
    name,
    credentialName,
    workspaceId: 'w1',
    createdDate: '2024-01-01T00:00:00.000Z',
    updatedDate: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    ...extra,
  }
}

/** The credentials API over an in-memory list, answering as the server does: secrets redacted. */
export function credentialServer(initial: Credential[]) {
  let credentials = [...initial]
  const secrets = new Map<string, Record<string, string>>()
  let created = 0
  const redacted = (credential: Credential) => {
    const type = CREDENTIAL_TYPES.find((candidate) => candidate.name === credential.credentialName)
    const data = secrets.get(credential.id) ?? {}
    const shown = Object.fromEntries(
      Object.entries(data).map(([name, value]) => [
        name,
        type?.inputs.find((input) => input.name === name)?.type === 'password' ? REDACTED_SECRET : value,
      ]),
    )
    return { ...credential, plainDataObj: shown }
  }
  const server = restServer((method, path, body) => {
    const data = body as { name: string; credentialName: string; plainDataObj: Record<string, string> } | undefined
    if (path === '/components-credentials') return json(CREDENTIAL_TYPES)
    if (method === 'GET' && path.startsWith('/credentials?credentialName=')) {
      const names = decodeURIComponent(path.split('=')[1] ?? '').split(',')
      return json(credentials.filter((credential) => names.includes(credential.credentialName)))
    }
    if (method === 'GET' && path === '/credentials') return json(credentials)
    if (method === 'POST' && path === '/credentials' && data) {
      created += 1
      const credential = credentialOf(`new-${created}`, data.name, data.credentialName, {
        updatedDate: new Date().toISOString(),
      })
      secrets.set(credential.id, data.plainDataObj)
      credentials = [...credentials, credential]
      return json(credential)
    }
    const id = path.match(/^\/credentials\/(.+)$/)?.[1]
    const found = credentials.find((credential) => credential.id === id)
    if (!found) return undefined
    if (method === 'GET') return json(redacted(found))
    if (method === 'PUT' && data) {
      credentials = credentials.map((credential) =>
        credential.id === id ? { ...credential, name: data.name } : credential,
      )
      return json(credentials.find((credential) => credential.id === id))
    }
    if (method === 'DELETE') {
      credentials = credentials.filter((credential) => credential.id !== id)
      return json({ id })
    }
    return undefined
  })
  /** Stores secret field values for a credential, as if it had been created with them. */
  const setSecrets = (id: string, data: Record<string, string>) => secrets.set(id, data)
  return { ...server, setSecrets }
}
