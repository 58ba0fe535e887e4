import type { Kysely } from 'kysely'
import { findFlowOfAnyWorkspace } from '../db/repositories/flows.repository.js'
import type { Database } from '../db/tables.js'
import { allowedOrigins, readChatbotConfig } from '../services/flow-config.js'

/**
 * The sites that may show a flow's chatbot page (/chatbot/:id) in a frame: ours, plus the flow's
 * allowed origins. A public flow with no list may be framed by any site, as its API may be called
 * from any; a private flow's page stays with us, since it works only with the user's own session,
 * and framing that elsewhere would invite clickjacking.
 */
export async function chatbotFrameAncestors(db: Kysely<Database>, flowId: string): Promise<string[]> {
  const flow = await findFlowOfAnyWorkspace(db, flowId)
  if (!flow) return ["'self'"]
  const origins = allowedOrigins(readChatbotConfig(flow.chatbot_config))
  if (origins.length > 0) return ["'self'", ...origins]
  return flow.is_public === 1 ? ['*'] : ["'self'"]
}
