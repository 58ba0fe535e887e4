import type { Flow } from '@weft/core'
import { api } from './http'

/** The sharing fields of PUT /chatflows/:id; the two configs are JSON text of core's ChatbotConfig and ApiConfig. */
export interface FlowConfigUpdate {
  isPublic: boolean
  chatbotConfig: string
  apiConfig: string
  /** The API key bound to the flow, or null for none. */
  apikeyid: string | null
  /** JSON text of the speech to text providers (Flowise's shape); absent leaves it as it is. */
  speechToText?: string
  /** JSON text of the follow-up prompts setting (`{"status":true,…}`); absent leaves it as it is. */
  followUpPrompts?: string
  /** JSON text of the tracing settings by provider (Flowise's `analytic`); absent leaves it as it is. */
  analytic?: string
}

export const updateFlowConfig = (id: string, body: FlowConfigUpdate) =>
  api.put<Flow>(`/chatflows/${encodeURIComponent(id)}`, body)
