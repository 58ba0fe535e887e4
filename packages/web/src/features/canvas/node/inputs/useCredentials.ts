import { useEffect, useState } from 'react'
import { api } from '../../../../api/http'

/** A saved credential as the picker lists it; its secret never reaches the browser. */
export interface CredentialSummary {
  id: string
  name: string
  credentialName: string
}

// Nodes that open together (a whole flow) share one request per set of credential types.
const pending = new Map<string, Promise<CredentialSummary[]>>()

function fetchCredentials(names: string): Promise<CredentialSummary[]> {
  let request = pending.get(names)
  if (!request) {
    request = api
      .get<CredentialSummary[]>(`/credentials?credentialName=${encodeURIComponent(names)}`)
      .then((list) => (Array.isArray(list) ? list : []))
      .catch(() => [])
      .finally(() => pending.delete(names))
    pending.set(names, request)
  }
  return request
}

/** The saved credentials of the given types; undefined while loading, empty when none or unreachable. */
export function useCredentials(credentialNames: readonly string[]): CredentialSummary[] | undefined {
  const key = credentialNames.join(',')
  const [loaded, setLoaded] = useState<{ key: string; list: CredentialSummary[] }>()
  useEffect(() => {
    let current = true
    void fetchCredentials(key).then((list) => {
      if (current) setLoaded({ key, list })
    })
    return () => {
      current = false
    }
  }, [key])
  return loaded?.key === key ? loaded.list : undefined
}
