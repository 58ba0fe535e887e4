import type { InputParam } from '@weft/core'
import {
  buildComponent,
  isChatModel,
  isTool,
  type ChatModel,
  type NodeDefinition,
  type RunScope,
  type StepRunScope,
  type Tool,
} from '@weft/nodes'
import type { AgentflowRun, AgentflowServices } from './agentflow-run.js'
import { definitionsByName } from '../chatflow/node-definitions.js'

/** Where a model's or tool's settings name their credential: ours, then Flowise's spelling. */
function credentialIdOf(config: Record<string, unknown>): string | undefined {
  for (const key of ['credential', 'FLOWISE_CREDENTIAL_ID']) {
    const value = config[key]
    if (typeof value === 'string' && value !== '') return value
  }
  return undefined
}

/** The run seen as a chatflow's: what a chatflow node (a model, a tool, a state) needs to be built. */
export function componentScope(
  run: AgentflowRun,
  services: AgentflowServices,
  ids: { question: string; vars: Record<string, string> },
  emit: RunScope['emit'],
  signal: AbortSignal,
): RunScope {
  return {
    flowId: run.flow.id,
    chatId: run.chatId,
    sessionId: run.sessionId,
    question: ids.question,
    history: run.history ?? [],
    vars: ids.vars,
    flowState: new Map(),
    memory: services.memory,
    emit,
    streaming: run.streaming ?? true,
    signal,
    fetch: services.fetch,
    ...(services.vectorFolder ? { vectorFolder: services.vectorFolder } : {}),
    ...(services.toolFilesFolder ? { toolFilesFolder: services.toolFilesFolder } : {}),
    ...(services.documentStores ? { documentStores: services.documentStores } : {}),
    ...(services.savedTools ? { savedTools: services.savedTools } : {}),
  }
}

/**
 * The run scope every step of one run shares: the ids, the question, the caller's stream, and
 * builders for the models, tools and flows the steps name, all bound to the run's signal and the
 * server's outbound guard.
 */
export function stepRunScope(
  run: AgentflowRun,
  services: AgentflowServices,
  ids: { executionId: string; question: string; form?: Record<string, unknown>; vars: Record<string, string> },
  emit: StepRunScope['emit'],
  signal: AbortSignal,
): StepRunScope {
  const definitions = definitionsByName(services.nodes)
  const components = componentScope(run, services, ids, emit, signal)
  const build = async (name: string, config: Record<string, unknown>, kind: string): Promise<unknown> => {
    const definition: NodeDefinition | undefined = definitions.get(name)
    if (!definition) throw new Error(`There is no ${kind} named "${name}" in this version of Weft.`)
    const credentialId = credentialIdOf(config)
    return buildComponent(definition, {
      nodeId: name,
      label: definition.descriptor.label,
      inputs: withDefaults(definition.descriptor.inputs ?? [], config),
      credential: credentialId ? await services.credential(credentialId) : undefined,
      isEnding: false,
      scope: components,
    })
  }
  return {
    flowId: run.flow.id,
    chatId: run.chatId,
    sessionId: run.sessionId,
    executionId: ids.executionId,
    question: ids.question,
    ...(ids.form ? { form: ids.form } : {}),
    ...(run.uploads?.length ? { uploads: run.uploads } : {}),
    vars: ids.vars,
    emit,
    streaming: run.streaming ?? true,
    signal,
    fetch: services.fetch,
    chatModel: async (name, config): Promise<ChatModel> => {
      const value = await build(name, config, 'chat model')
      if (!isChatModel(value)) throw new Error(`"${name}" is not a chat model.`)
      return value
    },
    tool: async (name, config): Promise<Tool | Tool[]> => {
      const value = await build(name, config, 'tool')
      if (!isTool(value) && !(Array.isArray(value) && value.every(isTool))) throw new Error(`"${name}" is not a tool.`)
      return value
    },
    runFlow: (request) =>
      services.runFlow({ ...request, parentExecutionId: ids.executionId, sessionId: run.sessionId, signal }),
    retrieve: (request) => {
      if (!services.retrieve) {
        return Promise.reject(new Error('Document stores are not available in this version of Weft yet.'))
      }
      return services.retrieve({ ...request, signal })
    },
  }
}

/** Settings the canvas stores only once edited: the ones left out take the node's defaults. */
function withDefaults(params: readonly InputParam[], config: Record<string, unknown>): Record<string, unknown> {
  const filled = { ...config }
  for (const param of params) {
    if (param.default !== undefined && (filled[param.name] === undefined || filled[param.name] === '')) {
      filled[param.name] = param.default
    }
  }
  return filled
}
