import { isRecord } from './read-input.js'

/**
 * What a node with two paths (IfElse Function) builds: the output it took and the value that goes
 * along it. The engine passes `value` to the nodes connected to `output` and skips the nodes that
 * hang only off the other one.
 */
export interface BranchValue {
  kind: 'branch'
  output: string
  value: unknown
}

export const isBranchValue = (value: unknown): value is BranchValue =>
  isRecord(value) && value.kind === 'branch' && typeof value.output === 'string'
