import type { RunEvent } from '@weft/core'

/**
 * The answers being written right now, by flow and chat, so a Stop sent on its own request (the
 * embed's Stop button: `PUT /chatmessage/abort/:flowId/:chatId`) reaches the run it names. One
 * small interface: in queue mode the run lives on a worker, and Stop travels there through Redis.
 */
export interface RunningAnswers {
  /** Notes a run of the chat, which `stop` aborts through `controller`; call the answer when the run is over. */
  track(flowId: string, chatId: string, controller: AbortController): () => void
  /** Stops every answer of the chat that is running; false when none is. */
  stop(flowId: string, chatId: string): Promise<boolean>
}

/** Why a run stopped when its Stop was asked for (the signal's reason). */
export const STOPPED_BY_CALLER = 'Stopped by the caller'

/** The runs of this process, kept in memory. */
export function localRunningAnswers(): RunningAnswers {
  const runs = new Map<string, Set<AbortController>>()
  const keyOf = (flowId: string, chatId: string) => JSON.stringify([flowId, chatId])
  return {
    track(flowId, chatId, controller) {
      const key = keyOf(flowId, chatId)
      const chat = runs.get(key) ?? new Set()
      chat.add(controller)
      runs.set(key, chat)
      return () => {
        chat.delete(controller)
        if (chat.size === 0 && runs.get(key) === chat) runs.delete(key)
      }
    },
    async stop(flowId, chatId) {
      const chat = runs.get(keyOf(flowId, chatId))
      if (!chat || chat.size === 0) return false
      for (const controller of chat) controller.abort(STOPPED_BY_CALLER)
      return true
    },
  }
}

/**
 * The run's events, its `error` replaced by Flowise's `abort` once its Stop was asked for, so a
 * client that sent it keeps the partial answer and shows no failure.
 */
export async function* withStopEvent(events: AsyncIterable<RunEvent>, signal: AbortSignal): AsyncGenerator<RunEvent> {
  for await (const event of events) yield asStopEvent(event, signal)
}

/** One event of a run: its `error` is Flowise's `abort` once the run's Stop was asked for. */
export function asStopEvent(event: RunEvent, signal: AbortSignal): RunEvent {
  const stopped = event.event === 'error' && signal.aborted && signal.reason === STOPPED_BY_CALLER
  return stopped ? { event: 'abort', data: '[DONE]' } : event
}
