import type { ServerResponse } from 'node:http'
import { cosineSimilarity } from '../documents/vector-index.js'
import { startLoopbackApi, type ApiRequest, type LoopbackApi } from './loopback-api.js'
import { sendJson } from './mock-http.js'

// What the vector database stand-ins (Pinecone, Chroma, Supabase) share: rows kept in memory and
// searched exactly by cosine similarity, and a JSON server on 127.0.0.1 that records each request.

export interface StandInRow {
  id: string
  vector: number[]
  fields: Record<string, unknown>
}

export interface StandInHit {
  row: StandInRow
  score: number
}

/** Rows by id, in the order first written. */
export class StandInTable {
  readonly rows = new Map<string, StandInRow>()

  constructor(readonly dimensions?: number) {}

  upsert(rows: StandInRow[]): void {
    for (const row of rows) {
      if (this.dimensions !== undefined && row.vector.length !== this.dimensions) {
        throw new StandInError(
          400,
          `Vector dimension ${row.vector.length} does not match the dimension ${this.dimensions}`,
        )
      }
    }
    for (const row of rows) this.rows.set(row.id, row)
  }

  delete(ids: readonly string[]): void {
    for (const id of ids) this.rows.delete(id)
  }

  /** The `k` rows closest to `vector` that `keep` keeps, closest first (ties by id). */
  search(vector: number[], k: number, keep: (row: StandInRow) => boolean = () => true): StandInHit[] {
    return [...this.rows.values()]
      .filter(keep)
      .map((row) => ({ row, score: cosineSimilarity(vector, row.vector) }))
      .sort((a, b) => b.score - a.score || a.row.id.localeCompare(b.row.id))
      .slice(0, Math.max(0, Math.floor(k)))
  }
}

/** An error a stand-in answers with this status. */
export class StandInError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** An answer with a status other than 200. */
export class StandInReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** A request as a stand-in's handler reads it. */
export interface StandInRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: ApiRequest['headers']
  body: Record<string, unknown>
}

/**
 * Starts a JSON API on 127.0.0.1: `handle` answers each request's body (sent with 200, or a
 * StandInReply); a StandInError becomes `errorBody(error)` with its status.
 */
export function startJsonStandIn(
  handle: (request: StandInRequest) => unknown,
  errorBody: (error: StandInError) => unknown = (error) => ({ message: error.message }),
): Promise<LoopbackApi> {
  return startLoopbackApi((request: ApiRequest, res: ServerResponse) => {
    const url = new URL(request.url, 'http://stand-in')
    try {
      const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {}
      const answer = handle({
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body,
      })
      if (answer instanceof StandInReply) sendJson(res, answer.status, answer.body)
      else sendJson(res, 200, answer ?? {})
    } catch (error) {
      const failure = error instanceof StandInError ? error : new StandInError(500, (error as Error).message)
      sendJson(res, failure.status, errorBody(failure))
    }
  })
}
