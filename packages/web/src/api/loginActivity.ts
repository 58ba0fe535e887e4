import type { ActivityPage, LoginActivityEntry } from '@weft/core'
import { api } from './http'

export interface LoginActivityQuery {
  /** YYYY-MM-DD, inclusive. */
  startDate?: string
  endDate?: string
  user?: string
  activityCode?: string
  page: number
  limit: number
}

/** The query string of a filter, empty fields left out. */
export function activityQuery(q: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(q)) {
    const text = typeof value === 'string' ? value.trim() : value
    if (text !== undefined && text !== '') query.set(key, String(text))
  }
  return query.toString()
}

export const listLoginActivity = (q: LoginActivityQuery) =>
  api.get<ActivityPage<LoginActivityEntry>>(`/login-activity?${activityQuery({ ...q })}`)

/** The address of the CSV file of every match of the filter (the browser sends the session cookie). */
export const loginActivityCsvUrl = (q: Omit<LoginActivityQuery, 'page' | 'limit'>) =>
  `/api/v1/login-activity?${activityQuery({ ...q, format: 'csv' })}`

export const deleteLoginActivity = (ids: string[]) =>
  api.post<{ deleted: number }>('/login-activity/delete', { selected: ids })
