import type { InputOption, InputParam } from '@weft/core'
import { useContext, useRef, useState } from 'react'
import { loadNodeOptions } from '../../../../api/nodes'
import { CanvasActionsContext } from '../../canvasActions'

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

interface Loaded {
  status: LoadStatus
  options: InputOption[]
  error?: string
}

/**
 * Options an asyncOptions param asks the server for (or the canvas, when only the flow can tell),
 * loaded on demand (when the list opens or the user reloads) so a large flow does not fire one
 * request per node when it opens.
 */
export function useLoadedOptions(nodeId: string, nodeName: string, param: InputParam, inputs: Record<string, unknown>) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'idle', options: [] })
  const latestRequest = useRef(0)
  const canvas = useContext(CanvasActionsContext)

  const load = () => {
    if (!param.loadMethod) return
    const local = canvas?.localOptions?.(nodeId, param.loadMethod)
    if (local) {
      setLoaded({ status: 'ready', options: local })
      return
    }
    const request = ++latestRequest.current
    setLoaded((previous) => ({ status: 'loading', options: previous.options }))
    const credential = typeof inputs.credential === 'string' && inputs.credential ? inputs.credential : undefined
    loadNodeOptions(nodeName, {
      loadMethod: param.loadMethod,
      ...(param.loadConfig ? { inputs } : {}),
      ...(credential ? { credential } : {}),
    }).then(
      (options) => {
        if (request === latestRequest.current) setLoaded({ status: 'ready', options: options ?? [] })
      },
      (error: unknown) => {
        if (request !== latestRequest.current) return
        const message = error instanceof Error ? error.message : 'Request failed'
        setLoaded((previous) => ({ status: 'error', options: previous.options, error: message }))
      },
    )
  }

  const loadOnce = () => {
    if (loaded.status === 'idle') load()
  }

  return { ...loaded, load, loadOnce }
}
