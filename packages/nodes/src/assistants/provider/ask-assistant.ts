import type { SourceDocument } from '@weft/core'
import type { AssistantsApi, ProviderMessage, ProviderRun } from './assistants-api.js'
import { AssistantsApiError, withoutSecret } from './assistants-request.js'

/** What the assistant answered in a thread, with the files it cited. */
export interface AssistantReply {
  text: string
  sourceDocuments: SourceDocument[]
}

export interface AskOptions {
  /** The assistant's id at the provider. */
  assistantId: string
  threadId: string
  question: string
  signal: AbortSignal
  /** A run still going after this long is cancelled. */
  timeLimitMs?: number
}

export const RUN_TIME_LIMIT_MS = 120_000

// Runs take seconds: ask soon, then less often.
const POLL_DELAYS_MS = [150, 300, 600, 1000]

const FINISHED = new Set(['completed', 'requires_action', 'failed', 'cancelled', 'expired', 'incomplete'])

export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error)
    const done = () => {
      clearTimeout(timer)
      reject(signal.reason as Error)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', done)
      resolve()
    }, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}

/** Polls the run until it ends or the time limit passes; a run left behind is cancelled. */
async function waitForRun(api: AssistantsApi, threadId: string, started: ProviderRun, options: AskOptions) {
  const limit = options.timeLimitMs ?? RUN_TIME_LIMIT_MS
  const deadline = Date.now() + limit
  let run = started
  try {
    for (let poll = 0; !FINISHED.has(run.status); poll++) {
      if (Date.now() >= deadline) {
        throw new AssistantsApiError(
          `${api.endpoint.label}: the assistant did not finish within ${Math.round(limit / 1000)} s, so its run was cancelled.`,
        )
      }
      await pause(Math.min(POLL_DELAYS_MS[Math.min(poll, POLL_DELAYS_MS.length - 1)]!, limit), options.signal)
      run = await api.threads.retrieveRun(threadId, run.id)
    }
  } catch (error) {
    // Cancelled without the caller's signal, which may be the reason we stopped.
    await api.threads.cancelRun(threadId, run.id).catch(() => undefined)
    throw error
  }
  return run
}

function runProblem(api: AssistantsApi, run: ProviderRun): string | undefined {
  const label = api.endpoint.label
  switch (run.status) {
    case 'completed':
      return undefined
    case 'requires_action': {
      const names = (run.required_action?.submit_tool_outputs?.tool_calls ?? [])
        .map((call) => call.function?.name)
        .filter(Boolean)
      return `${label}: the assistant asked to call ${names.length ? names.join(', ') : 'a function tool'}; Weft does not run an assistant's function tools, so remove them from the assistant.`
    }
    case 'failed':
      return `${label}: the assistant's run failed${run.last_error?.message ? `: ${run.last_error.message}` : ''}`
    case 'incomplete':
      return `${label}: the assistant stopped before finishing${run.incomplete_details?.reason ? ` (${run.incomplete_details.reason})` : ''}`
    default:
      return `${label}: the assistant's run ended as ${run.status}`
  }
}

/** The text of the assistant's messages, with citation marks taken out and the cited files listed. */
async function readReply(api: AssistantsApi, messages: ProviderMessage[]): Promise<AssistantReply> {
  const parts: string[] = []
  const cited: string[] = []
  for (const message of messages.filter((m) => m.role === 'assistant')) {
    for (const content of message.content) {
      if (content.type !== 'text' || !content.text) continue
      let value = content.text.value
      for (const annotation of content.text.annotations ?? []) {
        if (annotation.text) value = value.split(annotation.text).join('')
        const fileId = annotation.file_citation?.file_id
        if (fileId && !cited.includes(fileId)) cited.push(fileId)
      }
      parts.push(value.trim())
    }
  }
  const sourceDocuments = await Promise.all(
    cited.map(async (fileId) => {
      const file = await api.files.retrieve(fileId).catch(() => undefined)
      return { pageContent: '', metadata: { source: file?.filename ?? fileId, fileId } }
    }),
  )
  return { text: parts.filter(Boolean).join('\n\n'), sourceDocuments }
}

/**
 * Asks the assistant one question in the thread: adds it as a user message, runs the assistant and
 * waits for the run, then reads the messages that run wrote.
 */
export async function askInThread(api: AssistantsApi, options: AskOptions): Promise<AssistantReply> {
  const { threadId } = options
  await api.threads.addMessage(threadId, options.question)
  const run = await waitForRun(api, threadId, await api.threads.createRun(threadId, options.assistantId), options)
  const problem = runProblem(api, run)
  if (problem) {
    // A run waiting for tool outputs would keep the thread from taking the next question.
    if (run.status === 'requires_action') await api.threads.cancelRun(threadId, run.id).catch(() => undefined)
    throw new AssistantsApiError(withoutSecret(problem, api.endpoint.secret))
  }
  return readReply(api, await api.threads.runMessages(threadId, run.id))
}
