import type { CanvasKind, InputOption } from '@weft/core'
import { createContext, useContext } from 'react'

/**
 * What a node on the canvas may ask of the canvas. The canvas page provides it; node components
 * (features/canvas/node) only call it, so they never touch the canvas store directly.
 */
export interface CanvasActions {
  kind: CanvasKind
  /** The saved flow's id; absent on a new, unsaved flow. */
  flowId?: string
  /** Templates open read-only: inputs disabled, no delete, no duplicate, no connections. */
  readOnly: boolean
  setNodeInput: (nodeId: string, name: string, value: unknown) => void
  /** The chosen output of a node with several outputs (`outputs.output`). */
  setNodeOutput: (nodeId: string, name: string, value: unknown) => void
  setNodeLabel: (nodeId: string, label: string) => void
  deleteNode: (nodeId: string) => void
  duplicateNode: (nodeId: string) => void
  /** The label of a catalogue node, for values that name one (the model of an agentflow step). */
  nodeLabel?: (name: string) => string | undefined
  /** The catalogue badge of a node ("Cannot run yet"), shown on its card. */
  nodeBadge?: (name: string) => string | undefined
  /** Options only the flow itself can tell (the steps before a Loop); undefined for a server load method. */
  localOptions?: (nodeId: string, loadMethod: string) => InputOption[] | undefined
}

export const CanvasActionsContext = createContext<CanvasActions | null>(null)

export function useCanvasActions(): CanvasActions {
  const actions = useContext(CanvasActionsContext)
  if (!actions) throw new Error('useCanvasActions must be used inside the canvas')
  return actions
}
