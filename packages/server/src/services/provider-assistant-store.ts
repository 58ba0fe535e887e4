import { isProviderAssistantType } from '@weft/core'
import type { ProviderAssistantStore } from '@weft/nodes'
import type { AppContext } from '../context.js'
import { findAssistantThread, keepAssistantThread } from '../db/repositories/assistant-threads.repository.js'
import { assistantsRepository } from '../db/repositories/assistants.repository.js'
import { HttpError } from '../http-error.js'
import { readCredentialData } from './credentials.service.js'
import { storedProviderFields } from './provider-assistant.js'

/**
 * The OPENAI and AZURE assistants a run of a flow of this workspace may chat with (the OpenAI
 * Assistant node), each with its own stored credential, and the provider thread of each session.
 */
export function providerAssistantStore(ctx: AppContext, workspaceId: string): ProviderAssistantStore {
  const scope = { workspaceId }
  const findOwn = async (id: string) => {
    const row = await assistantsRepository(ctx.db).find(scope, id)
    return row && isProviderAssistantType(row.type) ? { ...row, type: row.type } : undefined
  }
  return {
    async get(id) {
      const row = await findOwn(id)
      if (!row) return undefined
      const { id: providerId, name = 'The assistant' } = storedProviderFields(row.details)
      if (!providerId)
        throw new Error(`${name} has not been created at the provider yet: save it on the Assistants page.`)
      if (!row.credential) throw new Error(`${name} has no credential: choose one on the Assistants page.`)
      try {
        const credential = await readCredentialData(ctx, workspaceId, row.credential)
        return { type: row.type, name, providerId, credential }
      } catch (error) {
        if (!(error instanceof HttpError)) throw error
        throw new Error(`The credential of ${name} no longer exists: choose another on the Assistants page.`, {
          cause: error,
        })
      }
    },
    threadOf: (assistantId, sessionId) => findAssistantThread(ctx.db, scope, assistantId, sessionId),
    async keepThread(assistantId, sessionId, threadId) {
      if (await findOwn(assistantId)) await keepAssistantThread(ctx.db, scope, assistantId, sessionId, threadId)
    },
  }
}
