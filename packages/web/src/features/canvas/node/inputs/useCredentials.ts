import { useCallback, useEffect, useState } from 'react'
import { api } from '../../../../api/http'

/** A saved credential as the picker lists it; its secret never reaches the browser. */
export interface CredentialSummary {
  id: string
  name: string
  credentialName: string
}

// Nodes that open together (a whole flow) share one request per set of credential types.
const pending = new Map<string, Promise<CredentialSummary[]>>()

// A user who may edit flows but not see credentials gets a 403 here: the picker shows no
// credentials rather than sending the user away from the canvas.
const requestCredentials = (names: string) =>
  api
    .get<CredentialSummary[]>(`/credentials?credentialName=${encodeURIComponent(names)}`, {
      navigateOnForbidden: false,
    })
    .then((list) => (Array.isArray(list) ? list : []))
    .catch(() => [])

function fetchCredentials(names: string): Promise<CredentialSummary[]> {
  let request = pending.get(names)
  if (!request) {
    request = requestCredentials(names).finally(() => pending.delete(names))
    pending.set(names, request)
  }
  return request
}

/**
 * The saved credentials of the given types: undefined while loading, empty when none or
 * unreachable. `reload` asks again, e.g. after the user added one from the picker.
 */
export function useCredentials(credentialNames: readonly string[]) {
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
  const reload = useCallback(async () => setLoaded({ key, list: await requestCredentials(key) }), [key])
  return { credentials: loaded?.key === key ? loaded.list : undefined, reload }
}
