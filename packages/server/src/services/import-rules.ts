import {
  FLOW_GROUPS,
  withoutSettingCredentials,
  type FlowGroup,
  type FlowRecord,
  type IncomingBundle,
  type VariableRecord,
} from '@weft/core'
import type { z } from 'zod'
import { listCredentialsByTypes } from '../db/repositories/credentials.repository.js'
import { ownedIds, variableNames } from '../db/repositories/export-import.repository.js'
import type { AppContext } from '../context.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { badRequest, HttpError } from '../http-error.js'
import {
  analyticText,
  apiConfigText,
  chatbotConfigText,
  followUpPromptsText,
  speechToTextText,
} from '../routes/flow-config-fields.js'
import { requireOwnTracingCredentials } from './flow-analytic.service.js'
import { lockedOverrideOf } from './flow-overrides.js'
import { requireUsableSpeechToText } from './speech-to-text.js'
import { isServerSetting } from './variables.service.js'

// The rules a flow, variable or assistant saved through the API obeys, applied to an imported
// one, and what of another Weft or Flowise does not carry over: credentials and API keys that are
// not this workspace's are let go, a variable whose name the workspace has is kept as it is.

const SETTINGS = {
  chatbotConfig: chatbotConfigText,
  apiConfig: apiConfigText,
  followUpPrompts: followUpPromptsText,
  analytic: analyticText,
  speechToText: speechToTextText,
} satisfies Partial<Record<keyof FlowRecord, z.ZodType>>

/** The API's checks answer `body.<field>: …`; in a file the field belongs to a record. */
const atRecord = (where: string, error: unknown) =>
  error instanceof HttpError ? badRequest(`${where}.${error.message.replace(/^body\./, '')}`) : error

async function checkFlow(ctx: AppContext, scope: WorkspaceScope, flow: FlowRecord, where: string): Promise<void> {
  for (const [field, schema] of Object.entries(SETTINGS)) {
    const checked = schema.safeParse(flow[field as keyof typeof SETTINGS])
    if (!checked.success) throw badRequest(`${where}.${field}: ${checked.error.issues[0]?.message ?? 'is invalid'}`)
  }
  const locked = flow.apiConfig ? lockedOverrideOf(flow.flowData, flow.apiConfig) : undefined
  if (locked) throw badRequest(`${where}.apiConfig: ${locked}`)
  try {
    await requireOwnTracingCredentials(ctx, scope.workspaceId, flow.analytic)
    await requireUsableSpeechToText(ctx, scope.workspaceId, flow.speechToText)
  } catch (error) {
    throw atRecord(where, error)
  }
}

/** The flows of every flow group, each with where it sits in the file. */
const flowsOf = (bundle: IncomingBundle) =>
  (Object.keys(FLOW_GROUPS) as FlowGroup[]).flatMap((group) =>
    bundle[group].map((flow, index) => ({ group, flow, where: `${group}[${index}]` })),
  )

/** Variables the import adds: a name the workspace (or an earlier record) has keeps its value. */
function newVariables(variables: readonly VariableRecord[], taken: Set<string>): VariableRecord[] {
  return variables.filter((variable, index) => {
    if (variable.type === 'runtime' && isServerSetting(variable.name)) {
      throw badRequest(
        `Variable[${index}].name: ${variable.name} is a setting of the Weft server; a runtime variable cannot read it`,
      )
    }
    if (taken.has(variable.name)) return false
    taken.add(variable.name)
    return true
  })
}

/**
 * The bundle as this workspace takes it: credentials and API keys of elsewhere let go (a tracing
 * or speech to text provider that used one is off), variables whose names are taken left out, and
 * every flow setting checked as the flow API checks it. Throws a 400 naming the record otherwise.
 * `ctx.db` is the import's transaction.
 */
export async function applyWorkspaceRules(
  ctx: AppContext,
  scope: WorkspaceScope,
  bundle: IncomingBundle,
): Promise<IncomingBundle> {
  const credentials = new Set((await listCredentialsByTypes(ctx.db, scope, [])).map((row) => row.id))
  const ownCredential = (id: unknown) => typeof id === 'string' && credentials.has(id)
  const ownSetting = (text: string | null, where: string) => {
    try {
      return withoutSettingCredentials(text, ownCredential)
    } catch {
      throw badRequest(`${where}: must be JSON text of an object, or null`)
    }
  }
  const located = flowsOf(bundle)
  const keyIds = located.flatMap(({ flow }) => (flow.apikeyid ? [flow.apikeyid] : []))
  const apiKeys = await ownedIds(ctx.db, scope, 'api_keys', keyIds)
  const result: IncomingBundle = { ...bundle }
  for (const group of Object.keys(FLOW_GROUPS) as FlowGroup[]) result[group] = []
  for (const { group, flow, where } of located) {
    const own: FlowRecord = {
      ...flow,
      apikeyid: flow.apikeyid && apiKeys.has(flow.apikeyid) ? flow.apikeyid : null,
      analytic: ownSetting(flow.analytic, `${where}.analytic`),
      speechToText: ownSetting(flow.speechToText, `${where}.speechToText`),
    }
    await checkFlow(ctx, scope, own, where)
    result[group].push(own)
  }
  for (const group of ['AssistantCustom', 'AssistantOpenAI', 'AssistantAzure'] as const) {
    result[group] = bundle[group].map((assistant) => ({
      ...assistant,
      credential: ownCredential(assistant.credential) ? assistant.credential : null,
    }))
  }
  result.Variable = newVariables(bundle.Variable, await variableNames(ctx.db, scope))
  return result
}
