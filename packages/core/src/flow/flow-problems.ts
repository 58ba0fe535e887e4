import type { NodeDescriptor } from '../types/node.js'
import { cannotRun } from './cannot-run.js'

/** What a node of a saved flow holds that the check reads. */
export interface CheckedNode {
  id: string
  type?: string
  data?: { name?: string; label?: string; credential?: string; inputs?: Record<string, unknown> }
}

export interface FlowCheck {
  descriptors: readonly Pick<NodeDescriptor, 'name' | 'label' | 'badge' | 'credential'>[]
  /** The ids of the workspace's credentials. */
  credentialIds: ReadonlySet<string>
}

const isNote = (node: CheckedNode) => node.type === 'stickyNote' || node.data?.name === 'stickyNote'

/** The credential a node names: ours on `data`, or Flowise's input. */
function credentialOf(node: CheckedNode): string | undefined {
  const named = node.data?.credential ?? node.data?.inputs?.FLOWISE_CREDENTIAL_ID
  return typeof named === 'string' && named !== '' ? named : undefined
}

/**
 * Every reason a saved flow cannot run that shows before it runs, one sentence each naming the node:
 * a node this version does not have, one that cannot run yet, a credential the node needs but has
 * not got, or one that is not the workspace's. Empty when none; the server answers all of them at
 * once with a 4xx instead of failing at the first.
 */
export function flowProblems(nodes: readonly CheckedNode[], check: FlowCheck): string[] {
  const byName = new Map(check.descriptors.map((descriptor) => [descriptor.name, descriptor]))
  const problems: string[] = []
  for (const node of nodes) {
    if (isNote(node)) continue
    const name = node.data?.name ?? ''
    const descriptor = byName.get(name)
    const label = `${node.data?.label || descriptor?.label || name || 'A node'} (${node.id})`
    if (!descriptor) {
      problems.push(`${label}: this version of Weft has no node "${name}"; replace it with one it has`)
      continue
    }
    if (cannotRun(descriptor)) {
      problems.push(`${label}: ${descriptor.label} cannot run in this version of Weft yet`)
      continue
    }
    const credential = credentialOf(node)
    if (!descriptor.credential) continue
    if (!credential && !descriptor.credential.optional) {
      problems.push(`${label}: choose a credential (${descriptor.credential.credentialNames.join(' or ')})`)
    } else if (credential && !check.credentialIds.has(credential)) {
      problems.push(`${label}: its credential no longer exists in this workspace; choose another`)
    }
  }
  return problems
}
