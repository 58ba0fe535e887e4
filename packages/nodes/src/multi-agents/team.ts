import { isRecord } from '../runtime/read-input.js'

// The contract between the runtime and the Supervisor step of a multi-agent flow: the runtime reads
// which workers are connected to the supervisor and hands them to its step as the input `workers`.

/** A worker as the supervisor offers it: its name is the route the supervisor's model picks. */
export interface TeamMember {
  nodeId: string
  name: string
}

/** The route that ends the run instead of handing over to a worker. */
export const FINISH = 'FINISH'

/** The team the runtime gave the supervisor; empty when it gave none. */
export function readTeam(value: unknown): TeamMember[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item) =>
    isRecord(item) && typeof item.nodeId === 'string' && typeof item.name === 'string'
      ? [{ nodeId: item.nodeId, name: item.name }]
      : [],
  )
}
