import { api } from './http'

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** A day that has a log file (YYYY-MM-DD, UTC) and its size in bytes. */
export interface LogFile {
  date: string
  size: number
}

export interface LogFiles {
  files: LogFile[]
  retentionDays: number
}

/** One line of the server's log. */
export interface LogEntry {
  time: string
  level: LogLevel
  message: string
  reqId?: string
  request?: { method?: string; url?: string; statusCode?: number; durationMs?: number }
  error?: string
}

export interface LogPage {
  date: string
  entries: LogEntry[]
  total: number
  page: number
  pageSize: number
}

export interface LogQuery {
  level?: LogLevel | ''
  search?: string
  page: number
}

export const listLogFiles = () => api.get<LogFiles>('/logs')

export function readLogDay(date: string, { level, search, page }: LogQuery) {
  const query = new URLSearchParams({ page: String(page) })
  if (level) query.set('level', level)
  if (search?.trim()) query.set('search', search.trim())
  return api.get<LogPage>(`/logs/${encodeURIComponent(date)}?${query}`)
}
