import { createReadStream, createWriteStream, mkdirSync, type WriteStream } from 'node:fs'
import { readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

// The server's log kept as files: one a day (the UTC date in the name), JSON lines as the terminal
// or a collector gets them, written without blocking (a file stream buffers and writes behind), the
// files older than the retention removed when a day begins. The /logs routes read them back here.

const DAY_MS = 24 * 60 * 60 * 1000
const FILE_NAME = /^weft-(\d{4}-\d{2}-\d{2})\.log$/
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** The UTC date (YYYY-MM-DD) of a moment. */
export const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10)

/** `weft-2026-12-02.log`. */
export const logFileName = (date: string): string => `weft-${date}.log`

/** Whether `text` is a real calendar date written YYYY-MM-DD (never a path: no dot, no slash). */
export function isLogDate(text: string): boolean {
  if (!DATE.test(text)) return false
  const time = Date.parse(`${text}T00:00:00Z`)
  return Number.isFinite(time) && dayOf(time) === text
}

export interface LogFiles {
  /** Takes one log line (pino's JSON and its newline). */
  write(line: string): void
  /** Writes out what is buffered and closes today's file; later lines are dropped. */
  close(): Promise<void>
  /** Settles when the removal of old files begun so far is over (tests wait on it). */
  settled(): Promise<void>
}

export interface LogFileOptions {
  folder: string
  /** Keep the files of the last this many days, today's included (at least 1). */
  retentionDays: number
  now?: () => number
  /** Where a failure to write the files is told, once. */
  onError?: (error: Error) => void
}

/** The dates of the files to remove: older than the `retentionDays` last days, today's included. */
export const expiredBefore = (now: number, retentionDays: number): string =>
  dayOf(now - (Math.max(1, retentionDays) - 1) * DAY_MS)

/**
 * Lines that would put an account link in the file: the mailer logs a sign-in, invitation or reset
 * link (`link`) on a development server without SMTP so its admin can use it; the files, which
 * organization admins read in the app, never keep it.
 */
function forFile(line: string): string {
  if (!line.includes('"link":')) return line
  try {
    const entry = JSON.parse(line) as Record<string, unknown>
    if (typeof entry.link !== 'string') return line
    return `${JSON.stringify({ ...entry, link: '[redacted]' })}\n`
  } catch {
    return line
  }
}

/** Opens the daily log files in `folder` (made if missing) and removes the expired ones. */
export function openLogFiles({ folder, retentionDays, now = Date.now, onError }: LogFileOptions): LogFiles {
  mkdirSync(folder, { recursive: true })
  let day = ''
  let dayEnds = 0
  let file: WriteStream | undefined
  let closed = false
  let failed = false
  let pruning: Promise<void> = Promise.resolve()

  const fail = (error: Error) => {
    if (failed) return
    failed = true
    onError?.(error)
  }

  const prune = (time: number) => {
    const before = expiredBefore(time, retentionDays)
    pruning = pruning.then(async () => {
      const names = await readdir(folder).catch(() => [] as string[])
      for (const name of names) {
        const date = FILE_NAME.exec(name)?.[1]
        if (date && date < before) await rm(join(folder, name), { force: true }).catch(() => undefined)
      }
    })
  }

  const ending = (stream: WriteStream) => new Promise<void>((resolve) => stream.end(resolve))

  const open = (time: number) => {
    day = dayOf(time)
    dayEnds = Date.parse(`${day}T00:00:00Z`) + DAY_MS
    const previous = file
    if (previous) void ending(previous)
    file = createWriteStream(join(folder, logFileName(day)), { flags: 'a' })
    file.on('error', fail)
    prune(time)
  }

  open(now())
  return {
    write(line) {
      if (closed || failed) return
      const time = now()
      if (time >= dayEnds || time < dayEnds - DAY_MS) open(time)
      file!.write(forFile(line))
    },
    async close() {
      if (closed) return
      closed = true
      if (file) await ending(file)
      await pruning
    },
    settled: () => pruning,
  }
}

/** A day's file as the list shows it. */
export interface LogFileInfo {
  date: string
  size: number
}

/** The days that have a file, newest first. */
export async function listLogFiles(folder: string): Promise<LogFileInfo[]> {
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[]
    throw error
  })
  const files: LogFileInfo[] = []
  for (const name of names) {
    const date = FILE_NAME.exec(name)?.[1]
    if (!date || !isLogDate(date)) continue
    const info = await stat(join(folder, name)).catch(() => undefined)
    if (info?.isFile()) files.push({ date, size: info.size })
  }
  return files.sort((a, b) => (a.date < b.date ? 1 : -1))
}

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]
const LEVEL_NUMBERS: Record<number, LogLevel> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
}

/** One line of a file as the page shows it. */
export interface LogEntry {
  time: string
  level: LogLevel
  message: string
  reqId?: string
  request?: { method?: string; url?: string; statusCode?: number; durationMs?: number }
  /** The logged error's type and message, when the line carries one. */
  error?: string
}

export interface LogQuery {
  level?: LogLevel | undefined
  search?: string | undefined
  /** 1 is the newest entries. */
  page: number
  pageSize: number
}

export interface LogPage {
  entries: LogEntry[]
  /** The entries of the day that pass the filters. */
  total: number
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
const number = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

/** A line read as an entry; undefined for a line that is no log entry (a cut-off last line). */
function entryOf(line: string, requests: Map<string, { method?: string; url?: string }>): LogEntry | undefined {
  let raw: Record<string, unknown>
  try {
    raw = JSON.parse(line) as Record<string, unknown>
  } catch {
    return undefined
  }
  if (typeof raw !== 'object' || raw === null) return undefined
  const level = LEVEL_NUMBERS[number(raw.level) ?? 0]
  const time = number(raw.time)
  if (!level || time === undefined) return undefined
  const reqId = text(raw.reqId) ?? (typeof raw.reqId === 'number' ? String(raw.reqId) : undefined)
  const req = (raw.req ?? {}) as Record<string, unknown>
  const res = (raw.res ?? {}) as Record<string, unknown>
  let request: LogEntry['request']
  if (text(req.method) || text(req.url)) {
    request = { method: text(req.method), url: text(req.url) }
    // Fastify's completion line names only the request's id; its method and address come from the first line.
    if (reqId) requests.set(reqId, request)
  }
  const statusCode = number(res.statusCode)
  const durationMs = number(raw.responseTime)
  if (statusCode !== undefined || durationMs !== undefined) {
    const first = reqId ? requests.get(reqId) : undefined
    if (reqId) requests.delete(reqId)
    request = {
      ...first,
      ...request,
      statusCode,
      durationMs: durationMs === undefined ? undefined : Math.round(durationMs * 10) / 10,
    }
  }
  const err = raw.err as Record<string, unknown> | undefined
  const error = err && text(err.message) ? `${text(err.type) ?? 'Error'}: ${text(err.message)}` : undefined
  return {
    time: new Date(time).toISOString(),
    level,
    message: text(raw.msg) ?? '',
    ...(reqId ? { reqId } : {}),
    ...(request ? { request } : {}),
    ...(error ? { error } : {}),
  }
}

const matches = (entry: LogEntry, query: LogQuery, needle: string | undefined): boolean => {
  if (query.level && entry.level !== query.level) return false
  if (!needle) return true
  return [entry.message, entry.request?.method, entry.request?.url, entry.error, entry.reqId]
    .filter((part): part is string => part !== undefined)
    .some((part) => part.toLowerCase().includes(needle))
}

/**
 * One page of a day's entries, newest first, read line by line from the file (a big file streams
 * through and never sits whole in memory; only the entries up to the page asked are kept).
 * Undefined when the day has no file.
 */
export async function readLogPage(folder: string, date: string, query: LogQuery): Promise<LogPage | undefined> {
  if (!isLogDate(date)) throw new Error(`Not a log date: ${date}`)
  const path = join(folder, logFileName(date))
  const info = await stat(path).catch(() => undefined)
  if (!info?.isFile()) return undefined
  const needle = query.search?.trim().toLowerCase() || undefined
  const keep = query.page * query.pageSize
  const newest: LogEntry[] = []
  let total = 0
  const requests = new Map<string, { method?: string; url?: string }>()
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity })
  for await (const line of lines) {
    if (line.trim() === '') continue
    const entry = entryOf(line, requests)
    // Requests that never completed must not fill memory on a long day.
    if (requests.size > 10_000) requests.clear()
    if (!entry || !matches(entry, query, needle)) continue
    total += 1
    newest.push(entry)
    if (newest.length >= keep * 2) newest.splice(0, newest.length - keep)
  }
  if (newest.length > keep) newest.splice(0, newest.length - keep)
  const end = newest.length - (keep - query.pageSize)
  const entries = end > 0 ? newest.slice(Math.max(0, end - query.pageSize), end).reverse() : []
  return { entries, total }
}
