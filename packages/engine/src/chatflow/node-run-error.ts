import { errorMessage } from '@weft/core'
import { describeNode } from './describe-node.js'

/** A node that could not be built or could not answer; the message names it: "<label> (<nodeId>): <why>". */
export class NodeRunError extends Error {
  constructor(node: { id: string; data: { label?: string; name?: string } }, cause: unknown) {
    super(`${describeNode(node)}: ${errorMessage(cause)}`, { cause })
    this.name = 'NodeRunError'
  }
}
