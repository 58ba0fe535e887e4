import type { FlowData } from '../types/node.js'
import { FLOWISE_SPELLINGS, inputSpellingsOf, type FlowiseNodeSpellings } from './flowise-spellings.js'
import { parseRows } from './parse-rows.js'

type Inputs = Record<string, unknown>

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0)

const isRecord = (value: unknown): value is Inputs =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const holds = (when: Readonly<Record<string, readonly string[]>>, inputs: Inputs) =>
  Object.entries(when).every(([name, values]) => typeof inputs[name] === 'string' && values.includes(inputs[name]))

/** Values Flowise keeps under its names move to ours; our name wins when it holds a value. */
function moveInputs(nodeName: string, inputs: Inputs, mapped: Inputs) {
  for (const [ours, { theirs, when }] of inputSpellingsOf(nodeName)) {
    if (!(theirs in mapped) || (when && !holds(when, inputs))) continue
    if (isBlank(mapped[ours]) && !isBlank(mapped[theirs])) {
      mapped[ours] = mapped[theirs]
      delete mapped[theirs]
    } else if (!when) {
      // A name only Flowise uses: dropped, so one value remains and the canvas shows it.
      delete mapped[theirs]
    }
  }
}

/** Flowise keeps the open tab as `<identifier>_<node id>: <tab>_<node id>`; we keep `<identifier>: <tab>`. */
function moveTabs(spellings: FlowiseNodeSpellings, mapped: Inputs) {
  for (const [ours, { theirs, tabs }] of Object.entries(spellings.tabs ?? {})) {
    for (const key of Object.keys(mapped).filter((name) => name.startsWith(`${theirs}_`))) {
      const nodeId = key.slice(theirs.length + 1)
      const value = mapped[key]
      delete mapped[key]
      if (typeof value !== 'string' || !isBlank(mapped[ours])) continue
      const tab = value.endsWith(`_${nodeId}`) ? value.slice(0, -nodeId.length - 1) : value
      mapped[ours] = tabs?.[tab] ?? tab
    }
  }
}

/** A typed value where we keep a choice: the choice becomes "typed" and the text moves beside it. */
function moveFreeText(spellings: FlowiseNodeSpellings, mapped: Inputs) {
  for (const [ours, { options, choose, into }] of Object.entries(spellings.freeText ?? {})) {
    const value = mapped[ours]
    if (typeof value !== 'string' || isBlank(value) || options.includes(value) || !isBlank(mapped[into])) continue
    mapped[into] = value
    mapped[ours] = choose
  }
}

function renameValues(spellings: FlowiseNodeSpellings, mapped: Inputs) {
  for (const [ours, values] of Object.entries(spellings.values ?? {})) {
    const value = mapped[ours]
    if (typeof value === 'string' && Object.hasOwn(values, value)) mapped[ours] = values[value]
  }
  for (const [ours, columns] of Object.entries(spellings.rowValues ?? {})) {
    let changed = false
    const rows = parseRows(mapped[ours]).map((row) => {
      const renamed = { ...row }
      for (const [column, values] of Object.entries(columns)) {
        const value = row[column]
        if (typeof value === 'string' && Object.hasOwn(values, value)) {
          renamed[column] = values[value]
          changed = true
        }
      }
      return renamed
    })
    // Rows kept as JSON text stay text.
    if (changed) mapped[ours] = typeof mapped[ours] === 'string' ? JSON.stringify(rows) : rows
  }
}

/**
 * Agentflow steps keep the inputs of the node they pick (a chat model, a tool) beside the pick, in
 * `<input>Config`, also inside table rows: those inputs are that node's, in Flowise's spellings too.
 */
function mapPickedConfigs(values: Inputs): Inputs | undefined {
  let mapped: Inputs | undefined
  for (const [key, value] of Object.entries(values)) {
    const picked = key.endsWith('Config') ? values[key.slice(0, -'Config'.length)] : undefined
    if (isRecord(value) && typeof picked === 'string') {
      const config = withOurSpellings(picked, value)
      if (config !== value) (mapped ??= { ...values })[key] = config
    } else if (Array.isArray(value)) {
      const rows = value.map((row: unknown) => (isRecord(row) ? (mapPickedConfigs(row) ?? row) : row))
      if (rows.some((row, index) => row !== value[index])) (mapped ??= { ...values })[key] = rows
    }
  }
  return mapped
}

const sameInputs = (a: Inputs, b: Inputs) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => Object.is(a[key], b[key]))

/**
 * The inputs of a node named `nodeName` with every Flowise spelling (`FLOWISE_SPELLINGS`) turned
 * into ours: input names, option values, table values, free text and open tabs. Our name wins when
 * it holds a value. Answers the same object when nothing needed it.
 */
export function withOurSpellings(nodeName: string, inputs: Inputs): Inputs {
  const spellings = FLOWISE_SPELLINGS[nodeName]
  const mapped = { ...inputs }
  if (spellings) {
    moveTabs(spellings, mapped)
    moveInputs(nodeName, inputs, mapped)
    moveFreeText(spellings, mapped)
    renameValues(spellings, mapped)
  }
  const result = mapPickedConfigs(mapped) ?? mapped
  return sameInputs(result, inputs) ? inputs : result
}

/**
 * `values` with each value Flowise keeps under its name (`names`: ours → theirs) moved to ours, for
 * records with no node behind them (a credential's fields). Our name wins when it holds a value.
 */
export function withOurNames<T>(values: Record<string, T>, names: Readonly<Record<string, string>>): Record<string, T> {
  if (!Object.values(names).some((theirs) => theirs in values)) return values
  const mapped = { ...values }
  for (const [ours, theirs] of Object.entries(names)) {
    if (!(theirs in mapped)) continue
    if (isBlank(mapped[ours]) && !isBlank(mapped[theirs])) mapped[ours] = mapped[theirs]!
    delete mapped[theirs]
  }
  return mapped
}

/** Every node of a flow with its inputs under our spellings; the same flow when none needed it. */
export function flowWithOurSpellings(flow: FlowData): FlowData {
  let changed = false
  const nodes = flow.nodes.map((node) => {
    const inputs = node.data?.inputs
    if (!inputs) return node
    const mapped = withOurSpellings(node.data.name, inputs)
    if (mapped === inputs) return node
    changed = true
    return { ...node, data: { ...node.data, inputs: mapped } }
  })
  return changed ? { ...flow, nodes } : flow
}
