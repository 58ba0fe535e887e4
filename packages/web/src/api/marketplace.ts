import type { FlowTemplate, NewSavedTool } from '@weft/core'
import { api } from './http'

export const listTemplates = () => api.get<FlowTemplate[]>('/marketplaces/templates')

export const getTemplate = (id: string) => api.get<FlowTemplate>(`/marketplaces/templates/${encodeURIComponent(id)}`)

/** A template the workspace saved ("My Templates"); a Tool template carries the tool's fields too. */
export type CustomTemplate = FlowTemplate & {
  name: string
  badge: string
  custom: true
  color?: string
  iconSrc?: string | null
  schema?: string | null
  func?: string | null
}

/** What "Save as template" sends besides the flow (`chatflowId`) or the tool (`tool`) it saves. */
export interface TemplateDetails {
  name: string
  description: string
  badge: string
  usecases: string[]
}

/** A Tool template keeps the tool as its body of POST /tools has it. */
export type TemplateTool = NewSavedTool

const customPath = (id: string) => `/marketplaces/custom/${encodeURIComponent(id)}`

export const listCustomTemplates = () => api.get<CustomTemplate[]>('/marketplaces/custom')

export const getCustomTemplate = (id: string) => api.get<CustomTemplate>(customPath(id))

export const saveCustomTemplate = (body: TemplateDetails & ({ chatflowId: string } | { tool: TemplateTool })) =>
  api.post<CustomTemplate>('/marketplaces/custom', body)

export const deleteCustomTemplate = (id: string) => api.delete<unknown>(customPath(id))
