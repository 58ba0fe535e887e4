import type { CanvasKind, Flow, FlowData, FlowEdge, FlowNode, History, Viewport } from '@weft/core'
import { createHistory } from '@weft/core'
import { create } from 'zustand'

export type CanvasStatus = 'loading' | 'ready' | 'notFound' | 'error'

/** Copied nodes and the edges between them, with the canvas kind they came from. */
export interface CanvasClipboard {
  kind: CanvasKind
  nodes: FlowNode[]
  edges: FlowEdge[]
}

export interface CanvasState {
  status: CanvasStatus
  kind: CanvasKind
  /** Templates open read-only. */
  readOnly: boolean
  /** The saved flow; null for a new flow that was never saved. */
  record: Flow | null
  name: string
  /** What the canvas shows, including drag frames not yet committed to the history. */
  flow: FlowData
  /** Committed states: its present is the last committed flow. */
  history: History<FlowData>
  isDirty: boolean
  /** Counts the user's changes, so a save knows whether more came while it was on its way. */
  revision: number
  /** Where the user left the view; saved with the flow, but moving the view changes nothing else. */
  viewport: Viewport | undefined
  clipboard: CanvasClipboard | null
  snapToGrid: boolean
  /** Bumped each time another flow is loaded, so the canvas remounts and fits the view to it. */
  loadCount: number
}

export const EMPTY_FLOW: FlowData = { nodes: [], edges: [] }

export const initialCanvasState = (): CanvasState => ({
  status: 'loading',
  kind: 'chatflow',
  readOnly: false,
  record: null,
  name: '',
  flow: EMPTY_FLOW,
  history: createHistory(EMPTY_FLOW),
  isDirty: false,
  revision: 0,
  viewport: undefined,
  clipboard: null,
  snapToGrid: true,
  loadCount: 0,
})

/**
 * The one canvas on screen. Components read it through narrow selectors; changes go through the
 * plain functions beside this file, which call core's pure rules.
 */
export const useCanvasStore = create<CanvasState>()(() => initialCanvasState())
