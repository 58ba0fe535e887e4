import type { NewVariable, Variable } from '@weft/core'
import { api } from './http'

const path = (id: string) => `/variables/${encodeURIComponent(id)}`

export const listVariables = () => api.get<Variable[]>('/variables')

/** Answers 409 when the workspace already has a variable of that name. */
export const createVariable = (body: NewVariable) => api.post<Variable>('/variables', body)

export const updateVariable = (id: string, body: Partial<NewVariable>) => api.put<Variable>(path(id), body)

export const deleteVariable = (id: string) => api.delete<unknown>(path(id))
