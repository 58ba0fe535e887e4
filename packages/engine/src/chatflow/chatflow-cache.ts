import type { ChatflowSource } from './chatflow-run.js'
import { prepareChatflow, type PreparedChatflow } from './prepare-chatflow.js'

/** Prepared graphs of recently run flow versions, so a flow's JSON is parsed once per version. */
export interface ChatflowCache {
  /** The prepared graph of this flow version, prepared on first use; throws as `prepareChatflow` does. */
  prepare: (flow: ChatflowSource) => PreparedChatflow
  readonly size: number
}

/**
 * A least-recently-used cache of prepared chatflows holding at most `max` versions. The key holds
 * the workspace, so two workspaces never share an entry even if ids collide (an imported flow keeps
 * its id), and the update time, so a saved change is picked up by the next run.
 */
export function createChatflowCache(max = 500): ChatflowCache {
  const entries = new Map<string, PreparedChatflow>()
  return {
    prepare(flow) {
      const key = `${flow.workspaceId}:${flow.id}:${flow.updatedDate}`
      const cached = entries.get(key)
      if (cached) {
        // Map keeps insertion order: re-inserting marks the entry as the most recently used.
        entries.delete(key)
        entries.set(key, cached)
        return cached
      }
      const prepared = prepareChatflow(flow.flowData)
      entries.set(key, prepared)
      if (entries.size > max) entries.delete(entries.keys().next().value!)
      return prepared
    },
    get size() {
      return entries.size
    },
  }
}
