import type { Flow } from '@weft/core'
import { api } from './http'

/** The sharing fields of PUT /chatflows/:id; the two configs are JSON text of core's ChatbotConfig and ApiConfig. */
export interface FlowConfigUpdate {
  isPublic: boolean
  chatbotConfig: string
  apiConfig: string
  /** The API key bound to the flow, or null for none. */
  apikeyid: string | null
}

export const updateFlowConfig = (id: string, body: FlowConfigUpdate) =>
  api.put<Flow>(`/chatflows/${encodeURIComponent(id)}`, body)
