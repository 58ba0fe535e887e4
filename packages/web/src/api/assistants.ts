import type { Assistant, AssistantType } from '@weft/core'
import { api } from './http'

const path = (id: string) => `/assistants/${encodeURIComponent(id)}`
const inPlace = { navigateOnForbidden: false }

export interface AssistantBody {
  type: AssistantType
  /** JSON text of the details. */
  details: string
  credential?: string | null
  iconSrc?: string | null
}

export const listAssistants = (type: AssistantType) => api.get<Assistant[]>(`/assistants?type=${type}`)

export const getAssistant = (id: string) => api.get<Assistant>(path(id))

export const createAssistant = (body: AssistantBody) => api.post<Assistant>('/assistants', body, inPlace)

export const updateAssistant = (id: string, body: Partial<AssistantBody>) => api.put<Assistant>(path(id), body, inPlace)

/** `alsoAtProvider`: an OpenAI or Azure assistant is deleted there too (Flowise's `isDeleteBoth`). */
export const deleteAssistant = (id: string, alsoAtProvider = false) =>
  api.delete<unknown>(alsoAtProvider ? `${path(id)}?isDeleteBoth=true` : path(id))
