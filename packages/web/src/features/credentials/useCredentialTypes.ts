import { useQuery } from '@tanstack/react-query'
import type { CredentialDescriptor } from '@weft/core'
import { useMemo } from 'react'
import { listCredentialTypes } from '../../api/credentials'

/** The kinds of credential come from the node catalogue: the same for every workspace and rarely new. */
export function useCredentialTypes() {
  const query = useQuery({
    queryKey: ['credential-types'],
    // The canvas asks too; a refusal is shown in the dialog, not by leaving the canvas.
    queryFn: () => listCredentialTypes({ navigateOnForbidden: false }),
    staleTime: 5 * 60_000,
  })
  const types = useMemo(() => (Array.isArray(query.data) ? query.data : []), [query.data])
  const byName = useMemo(() => new Map<string, CredentialDescriptor>(types.map((type) => [type.name, type])), [types])
  return { types, byName, isPending: query.isPending, error: query.error, refetch: query.refetch }
}
