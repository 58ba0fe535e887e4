import type { Answer, RunScope } from '../../define-node.js'
import { assistantsApi, type AssistantsApi } from './assistants-api.js'
import { assistantsEndpoint } from './assistants-endpoint.js'
import { askInThread } from './ask-assistant.js'
import { AssistantsApiError } from './assistants-request.js'

/** The session's thread at the provider: the one kept for it, else a new one that is kept from now on. */
async function sessionThread(api: AssistantsApi, scope: RunScope, assistantId: string, fresh: boolean) {
  const store = scope.providerAssistants!
  const kept = fresh ? undefined : await store.threadOf(assistantId, scope.sessionId)
  if (kept) return { threadId: kept, isNew: false }
  const thread = await api.threads.create()
  await store.keepThread(assistantId, scope.sessionId, thread.id)
  return { threadId: thread.id, isNew: true }
}

/**
 * Answers the run's question with the assistant of the workspace whose Weft id is `assistantId`:
 * one provider thread per chat session, so the assistant sees the whole conversation. The key and
 * the provider's address come from the assistant's stored credential, never from the flow or the call.
 */
export async function answerAsAssistant(scope: RunScope, assistantId: string): Promise<Answer> {
  if (!scope.providerAssistants) throw new Error('OpenAI assistants cannot be reached from here.')
  const assistant = await scope.providerAssistants.get(assistantId)
  if (!assistant) {
    throw new Error(`The assistant ${assistantId} no longer exists in this workspace: select another one.`)
  }
  const api = assistantsApi(assistantsEndpoint(assistant.type, assistant.credential), scope.fetch, scope.signal)
  const ask = async (threadId: string): Promise<Answer> => {
    const reply = await askInThread(api, {
      assistantId: assistant.providerId,
      threadId,
      question: scope.question,
      signal: scope.signal,
    })
    return { text: reply.text, ...(reply.sourceDocuments.length ? { sourceDocuments: reply.sourceDocuments } : {}) }
  }
  const kept = await sessionThread(api, scope, assistantId, false)
  try {
    return await ask(kept.threadId)
  } catch (error) {
    // The kept thread was deleted at the provider: the chat goes on in a new one.
    if (kept.isNew || !(error instanceof AssistantsApiError) || error.status !== 404) throw error
    return ask((await sessionThread(api, scope, assistantId, true)).threadId)
  }
}
