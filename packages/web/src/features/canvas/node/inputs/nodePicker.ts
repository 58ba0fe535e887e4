import type { InputParam } from '@weft/core'

// An agentflow step picks the chat model it calls (or a tool it offers) by its catalogue node, and
// keeps that node's own inputs beside the choice under `<param>Config`, as Flowise stores them:
// { llmModel: 'chatOpenAI', llmModelConfig: { llmModel: 'chatOpenAI', modelName, temperature, credential } }.

const NODE_LISTS: ReadonlySet<string> = new Set(['listModels', 'listTools'])

/**
 * True for a step's model or tool picker. Chat model nodes list model *names* with the same load
 * method; only agentflow steps (whose names end in "Agentflow") list catalogue nodes with it.
 */
export const isNodePicker = (param: Pick<InputParam, 'type' | 'loadMethod'>, nodeName: string): boolean =>
  param.type === 'asyncOptions' && NODE_LISTS.has(param.loadMethod ?? '') && nodeName.endsWith('Agentflow')

/** Where a picker keeps the chosen node's inputs. */
export const pickerConfigName = (name: string) => `${name}Config`

/**
 * The values (a node's inputs, or one row of an array param) after `name` is set to `value`. A
 * picker that chooses another node drops the settings of the one it replaced: another provider's
 * credential or address would be wrong for it.
 */
export function withPickedValue(
  values: Record<string, unknown>,
  name: string,
  value: unknown,
  picker: boolean,
): Record<string, unknown> {
  const next = { ...values, [name]: value }
  if (!picker || value === values[name]) return next
  const configName = pickerConfigName(name)
  if (value) next[configName] = { [name]: value }
  else delete next[configName]
  return next
}
