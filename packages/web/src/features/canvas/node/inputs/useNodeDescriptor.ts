import { errorMessage, type NodeDescriptor } from '@weft/core'
import { useCallback, useEffect, useState } from 'react'
import { getNode } from '../../../../api/nodes'

// A descriptor changes only with a server upgrade: every picker of the page shares one request per node.
const loaded = new Map<string, Promise<NodeDescriptor>>()

function fetchDescriptor(name: string): Promise<NodeDescriptor> {
  let request = loaded.get(name)
  if (!request) {
    request = getNode(name)
    loaded.set(name, request)
    // A failure is not remembered: the next picker (or Retry) asks again.
    request.catch(() => loaded.delete(name))
  }
  return request
}

interface Result {
  name: string
  descriptor?: NodeDescriptor
  error?: string
}

/**
 * The catalogue descriptor of node `name` (GET /nodes/:name): undefined while loading, or when no
 * name is given; `retry` after an error.
 */
export function useNodeDescriptor(name: string) {
  const [result, setResult] = useState<Result>()
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (!name) return
    let current = true
    fetchDescriptor(name).then(
      (descriptor) => current && setResult({ name, descriptor }),
      (error: unknown) => current && setResult({ name, error: errorMessage(error) }),
    )
    return () => {
      current = false
    }
  }, [name, attempt])
  const retry = useCallback(() => {
    setResult(undefined)
    setAttempt((count) => count + 1)
  }, [])
  const shown = result?.name === name ? result : undefined
  return { descriptor: shown?.descriptor, error: shown?.error, retry }
}
