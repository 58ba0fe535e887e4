import { stripFlowCredentials, withoutCredentialIds } from '../graph/strip-credentials.js'
import type { AssistantRecord, CustomTemplateRecord, FlowRecord } from './bundle.js'
import { parseJsonText, readFlowData } from './flow-data-problem.js'
import { withoutPrivateInputs, type ParamsOf } from './private-inputs.js'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Reports a failure with the record it happened on, so the message leads to it. */
export function naming<T>(what: string, run: () => T): T {
  try {
    return run()
  } catch (error) {
    throw new Error(`${what}: ${(error as Error).message}`)
  }
}

/**
 * A flow's `flowData` text for export (SPEC §3, §5): credential ids removed at any depth, and the
 * values of password, file and folder inputs emptied, whether the node's own params or the
 * catalogue's (`paramsOf`) say so.
 */
export function sanitizeFlowText(text: string, paramsOf: ParamsOf): string {
  const flow = stripFlowCredentials(readFlowData(text))
  const nodes = flow.nodes.map((node) => {
    if (!isRecord(node.data.inputs)) return node
    const params = [...(node.data.inputParams ?? []), ...(paramsOf(node.data.name) ?? [])]
    return { ...node, data: { ...node.data, inputs: withoutPrivateInputs(node.data.inputs, params, paramsOf) } }
  })
  return JSON.stringify({ ...flow, nodes })
}

/**
 * A flow setting kept by provider (`analytic`, `speechToText`) without its credential ids, but
 * those `keep` accepts (an import keeps the workspace's own); a provider that was on is turned
 * off, as it cannot run without one.
 */
export function withoutSettingCredentials(
  text: string | null,
  keep: (id: unknown) => boolean = () => false,
): string | null {
  if (text === null) return null
  const setting = parseJsonText(text, 'the setting')
  if (!isRecord(setting)) return text
  const entries = Object.entries(setting).map(([provider, entry]) => {
    if (!isRecord(entry) || !('credentialId' in entry) || keep(entry.credentialId)) return [provider, entry]
    const { credentialId: _credentialId, ...rest } = entry
    return [provider, rest.status === true ? { ...rest, status: false } : rest]
  })
  return JSON.stringify(Object.fromEntries(entries))
}

/** A flow of the ChatFlow, AgentFlow, AgentFlowV2 or AssistantFlow group, fit to leave the workspace. */
export function sanitizeChatflow(flow: FlowRecord, paramsOf: ParamsOf): FlowRecord {
  return naming(`flow ${flow.name} (${flow.id})`, () => ({
    ...flow,
    flowData: sanitizeFlowText(flow.flowData, paramsOf),
    analytic: naming('analytic', () => withoutSettingCredentials(flow.analytic)),
    speechToText: naming('speechToText', () => withoutSettingCredentials(flow.speechToText)),
  }))
}

/** A template: a flow template's flow is sanitised as a flow's; a Tool template holds a tool. */
export function sanitizeCustomTemplate(template: CustomTemplateRecord, paramsOf: ParamsOf): CustomTemplateRecord {
  if (template.type === 'Tool') return template
  return naming(`template ${template.name} (${template.id})`, () => ({
    ...template,
    flowData: sanitizeFlowText(template.flowData, paramsOf),
  }))
}

/** An assistant without the credential it calls its provider with, nor any credential id in its details. */
export function sanitizeAssistant(assistant: AssistantRecord): AssistantRecord {
  return naming(`assistant ${assistant.id}`, () => ({
    ...assistant,
    details: JSON.stringify(withoutCredentialIds(parseJsonText(assistant.details, 'details'))),
    credential: null,
  }))
}
