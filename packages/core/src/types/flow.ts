import type { CanvasKind } from './node.js'

/** The flow types of the flows table; AGENTFLOW is agentflow V2, MULTIAGENT the sequential agents. */
export const FLOW_TYPES = ['CHATFLOW', 'MULTIAGENT', 'AGENTFLOW', 'ASSISTANT'] as const
export type FlowType = (typeof FLOW_TYPES)[number]

/** A flow as the API answers it; the field names are Flowise's so its clients keep working. */
export interface Flow {
  id: string
  name: string
  /** JSON text of FlowData. */
  flowData: string
  type: FlowType
  deployed: boolean
  isPublic: boolean
  category: string | null
  /** JSON text, or null. */
  chatbotConfig: string | null
  /** JSON text, or null. */
  apiConfig: string | null
  /** The API key whose bearer may call the flow's prediction, or null. */
  apikeyid: string | null
  /** JSON text of the speech to text providers (Flowise's shape), or null. */
  speechToText?: string | null
  /** JSON text of the follow-up prompts setting (Flowise's shape, `{"status":true,…}`), or null. */
  followUpPrompts?: string | null
  /** JSON text of the tracing settings by provider (Flowise's shape, see FlowAnalytic), or null. */
  analytic?: string | null
  workspaceId: string
  createdDate: string
  updatedDate: string
}

export interface NewFlow {
  name: string
  type: FlowType
  flowData?: string
  category?: string | null
  deployed?: boolean
  isPublic?: boolean
  chatbotConfig?: string | null
  apiConfig?: string | null
  apikeyid?: string | null
  speechToText?: string | null
  followUpPrompts?: string | null
  analytic?: string | null
}

export type FlowUpdate = Partial<NewFlow>

/** The canvas each flow type opens in, and its route. */
export const CANVAS_OF_TYPE: Record<Exclude<FlowType, 'ASSISTANT'>, { kind: CanvasKind; path: string }> = {
  CHATFLOW: { kind: 'chatflow', path: '/canvas' },
  MULTIAGENT: { kind: 'sequential', path: '/agentcanvas' },
  AGENTFLOW: { kind: 'agentflowV2', path: '/v2/agentcanvas' },
}

/** Flowise's template types: Agentflow is the sequential agents canvas, Tool a saved custom tool. */
export type TemplateType = 'Chatflow' | 'Agentflow' | 'AgentflowV2' | 'Tool'

/** A marketplace template: built in, or saved by the workspace (then `custom` is true). */
export interface FlowTemplate {
  id: string
  templateName: string
  description: string
  type: TemplateType
  categories: string[]
  usecases: string[]
  /** Flowise's marker ('NEW', 'POPULAR'); never about running. */
  badge?: string
  /** True when the flow holds a node that cannot run yet: it opens and edits but does not answer. */
  cannotRun?: boolean
  /** JSON text of the flow; for a Tool template, of the tool (name, description, color, iconSrc, schema, func). */
  flowData: string
  /** Saved by the workspace ("My Templates"); built-in templates leave it out. */
  custom?: boolean
  createdDate?: string
}
