import type { FlowData, FlowEdge, FlowNodeData, OutputAnchor } from '../types/node.js'
import { outputHandles } from './anchors.js'
import type { ConditionRule } from './condition-alerts.js'
import { parseRows } from './parse-rows.js'
import { returnedOutputNames } from './returned-strings.js'

/** The output every sequential condition gets besides its rules' outputs (SPEC §5). */
export const END_OUTPUT = 'End'

/** The condition node names whose output anchors follow their inputs. */
export const CONDITION_NODE_NAMES = ['seqCondition', 'seqConditionAgent', 'conditionAgentflow', 'conditionAgentAgentflow'] as const

/** SPEC §5: a sequential condition's outputs are its rules' distinct output names, in order, then End. */
export function conditionOutputNames(rules: readonly ConditionRule[]): string[] {
  const names = rules.map((rule) => rule.output?.trim() ?? '').filter((name) => name !== '' && name !== END_OUTPUT)
  return [...new Set(names), END_OUTPUT]
}

/** A sequential condition's datagrid rows (data or JSON text) as condition rules. */
export function sequentialConditionRules(conditions: unknown): ConditionRule[] {
  return parseRows(conditions).map((row) => {
    const rule: ConditionRule = {}
    for (const key of ['variable', 'output', 'operation', 'value'] as const) {
      const value = row[key]
      if (value !== undefined && value !== null) rule[key] = String(value)
    }
    return rule
  })
}

/**
 * SPEC §4: a condition node's output anchors follow its rules. Handle ids are `<nodeId>-output-<name>`:
 * - seqCondition, seqConditionAgent: one anchor per output name (rules of `conditions`, or the strings returned by
 *   `conditionFunction` when that tab is open), then End; typed Condition so the next sequential
 *   node accepts it;
 * - conditionAgentflow: `0`…`n-1` ("Condition i") for its n conditions, then `n` ("Else");
 * - conditionAgentAgentflow: `0`…`n-1` for its n scenarios, labelled by the scenario.
 * Any other node is returned unchanged. Edges left on a removed handle are found by `staleEdges`.
 */
export function rebuildConditionAnchors(data: FlowNodeData): FlowNodeData {
  const anchors = conditionAnchors(data)
  return anchors ? { ...data, outputAnchors: anchors } : data
}

function conditionAnchors(data: FlowNodeData): OutputAnchor[] | undefined {
  const anchor = (name: string, label: string, type: string): OutputAnchor => ({
    id: `${data.id}-output-${name}`,
    name,
    label,
    type,
  })
  if (data.name === 'seqCondition' || data.name === 'seqConditionAgent') {
    // A Condition Agent's outputs are Conditions too, so the next sequential node accepts them.
    const type = 'Condition'
    return sequentialOutputNames(data.inputs).map((name) => anchor(name, name, type))
  }
  if (data.name === 'conditionAgentflow') {
    const count = parseRows(data.inputs.conditions).length
    const conditions = Array.from({ length: count }, (_, index) => anchor(`${index}`, `Condition ${index}`, ''))
    return [...conditions, anchor(`${count}`, 'Else', '')]
  }
  if (data.name === 'conditionAgentAgentflow') {
    return parseRows(data.inputs.scenarios).map((row, index) => {
      const scenario = typeof row.scenario === 'string' ? row.scenario.trim() : ''
      return anchor(`${index}`, scenario || `Scenario ${index}`, '')
    })
  }
  return undefined
}

function sequentialOutputNames(inputs: Record<string, unknown>): string[] {
  if (inputs.selectedConditionTab !== 'conditionFunction') {
    return conditionOutputNames(sequentialConditionRules(inputs.conditions))
  }
  const code = typeof inputs.conditionFunction === 'string' ? inputs.conditionFunction : ''
  return conditionOutputNames(returnedOutputNames(code).map((output) => ({ output })))
}

/** SPEC §4: edges leaving a node from a handle it no longer has; the canvas removes them. */
export function staleEdges(flow: FlowData, nodeId: string): FlowEdge[] {
  const node = flow.nodes.find((candidate) => candidate.id === nodeId)
  const handleIds = new Set(node ? outputHandles(node.data).map((handle) => handle.id) : [])
  return flow.edges.filter((edge) => edge.source === nodeId && !handleIds.has(edge.sourceHandle))
}
