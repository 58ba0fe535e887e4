import type { NewSavedTool, SavedTool } from '@weft/core'
import { api } from './http'

const path = (id: string) => `/tools/${encodeURIComponent(id)}`

// A refused save or test run is shown in the tool dialog, which keeps the user's unsaved edits,
// instead of leaving for /unauthorized.
const inPlace = { navigateOnForbidden: false }

export const listTools = () => api.get<SavedTool[]>('/tools')

/** Answers 409 when the workspace already has a tool of that name. */
export const createTool = (body: NewSavedTool) => api.post<SavedTool>('/tools', body, inPlace)

export const updateTool = (id: string, body: Partial<NewSavedTool>) => api.put<SavedTool>(path(id), body, inPlace)

export const deleteTool = (id: string) => api.delete<unknown>(path(id))

/** A trial run of a tool's function in the server's sandbox, with `input` as its arguments. */
export interface ToolTestRun {
  func: string
  schema?: string | null
  input: Record<string, unknown>
}

/** What the function returned, or why it failed. */
export type ToolTestResult = { output: string; error?: undefined } | { error: string; output?: undefined }

export const testTool = (body: ToolTestRun) => api.post<ToolTestResult>('/tools/test', body, inPlace)
