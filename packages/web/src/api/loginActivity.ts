import type { LoginActivityKind } from '@weft/core'
import { api } from './http'

/** One sign-in attempt (Flowise's LoginActivity names). */
export interface LoginActivityEntry {
  id: string
  userId: string | null
  /** The e-mail the attempt named. */
  username: string
  name: string | null
  activityCode: LoginActivityKind | string
  message: string
  ip: string | null
  userAgent: string | null
  attemptedDateTime: string
}

export interface ActivityPage<T> {
  data: T[]
  total: number
  page: number
  limit: number
}

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
