/** A new, unsaved flow handed to a canvas through the router, e.g. by "Use template". */
export interface FlowDraft {
  name: string
  /** JSON text of the flow data. */
  flowData: string
}

/** The router state that opens a canvas with a draft. */
export const draftState = (draft: FlowDraft) => ({ draft })

export function draftOf(state: unknown): FlowDraft | undefined {
  if (typeof state !== 'object' || state === null || !('draft' in state)) return undefined
  const { draft } = state as { draft: Partial<FlowDraft> }
  return typeof draft?.name === 'string' && typeof draft.flowData === 'string' ? (draft as FlowDraft) : undefined
}
