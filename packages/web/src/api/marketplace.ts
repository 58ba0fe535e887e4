import type { FlowTemplate } from '@weft/core'
import { api } from './http'

export const listTemplates = () => api.get<FlowTemplate[]>('/marketplaces/templates')

export const getTemplate = (id: string) => api.get<FlowTemplate>(`/marketplaces/templates/${encodeURIComponent(id)}`)
