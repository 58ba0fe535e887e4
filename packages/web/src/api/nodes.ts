import type { InputOption, NodeDescriptor } from '@weft/core'
import { api } from './http'

/** The whole node catalogue; the add-nodes panel filters it by canvas kind. */
export const listNodes = () => api.get<NodeDescriptor[]>('/nodes')

export const getNode = (name: string) => api.get<NodeDescriptor>(`/nodes/${encodeURIComponent(name)}`)

/** Where a node's icon is served (an SVG), for <img src>. */
export const nodeIconUrl = (name: string) => `/api/v1/node-icon/${encodeURIComponent(name)}`

export interface LoadMethodRequest {
  loadMethod: string
  /** The node's current inputs, sent when the param has loadConfig. */
  inputs?: Record<string, unknown>
  credential?: string
}

/** Options of an asyncOptions / asyncMultiOptions input, computed by the server. */
export const loadNodeOptions = (nodeName: string, body: LoadMethodRequest) =>
  api.post<InputOption[]>(`/node-load-method/${encodeURIComponent(nodeName)}`, body)
