import type { PredictionRequest, PredictionResponse, RunEvent } from '@weft/core'
import { errorMessage, eventsOfAnswer } from '@weft/core'
import { ApiError } from '../../api/ApiError'
import { readRunEvents } from '../../api/readRunEvents'

export interface PredictionCall {
  url: string
  body: PredictionRequest
  /** Aborting stops the request and the reading of its stream; the promise then rejects. */
  signal?: AbortSignal
  headers?: Record<string, string>
  onEvent: (event: RunEvent) => void
}

/** Thrown when the caller aborted; the chat shows the answer as stopped, not failed. */
export class PredictionStopped extends Error {
  constructor() {
    super('Stopped')
    this.name = 'PredictionStopped'
  }
}

/**
 * Asks a flow a question and reports its run events as they arrive: read from the Server-Sent
 * Events stream, or derived from the JSON answer when the server does not stream. A refused call
 * throws an ApiError with the server's message.
 */
export async function streamPrediction({ url, body, signal, headers, onEvent }: PredictionCall): Promise<void> {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream, application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw new PredictionStopped()
    throw error
  }
  if (!response.ok) throw await refusal(response)
  if (!response.headers.get('content-type')?.includes('text/event-stream')) {
    eventsOfAnswer((await response.json()) as PredictionResponse).forEach(onEvent)
    return
  }
  await readRunEvents(response, onEvent, signal)
  if (signal?.aborted) throw new PredictionStopped()
}

async function refusal(response: Response): Promise<ApiError> {
  const text = await response.text()
  let data: unknown = text || undefined
  try {
    if (text) data = JSON.parse(text)
  } catch {
    // A plain-text error: its text is the message.
  }
  return new ApiError(
    response.status,
    data,
    errorMessage(data ?? (response.statusText || `Request failed with status ${response.status}`)),
  )
}
