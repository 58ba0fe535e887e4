import type { BundleGroup } from '@weft/core'

// What a migration brought, found already there, renamed and left behind, and how it is printed.

/** The kinds of record a migration counts, in the order the report lists them, with their labels. */
export const MIGRATED_KINDS = {
  chatflows: 'Chatflows',
  agentflows: 'Agentflows (V1)',
  agentflowsV2: 'Agentflows (V2)',
  assistantFlows: 'Assistant flows',
  assistants: 'Assistants',
  tools: 'Tools',
  variables: 'Variables',
  customTemplates: 'Custom templates',
  credentials: 'Credentials',
  apiKeys: 'API keys',
  chatMessages: 'Chat messages',
  feedback: 'Feedback',
  leads: 'Leads',
  documentStores: 'Document stores',
  loaders: 'Document loaders',
  chunks: 'Chunks',
  executions: 'Executions',
  other: 'Other records',
} as const
export type MigratedKind = keyof typeof MIGRATED_KINDS

export const KIND_OF_GROUP: Record<BundleGroup, MigratedKind> = {
  ChatFlow: 'chatflows',
  AgentFlow: 'agentflows',
  AgentFlowV2: 'agentflowsV2',
  AssistantFlow: 'assistantFlows',
  AssistantCustom: 'assistants',
  AssistantOpenAI: 'assistants',
  AssistantAzure: 'assistants',
  Tool: 'tools',
  Variable: 'variables',
  CustomTemplate: 'customTemplates',
  ChatMessage: 'chatMessages',
  ChatMessageFeedback: 'feedback',
  DocumentStore: 'documentStores',
  DocumentStoreFileChunk: 'chunks',
  Execution: 'executions',
}

/** A record the migration could not bring, and why. */
export interface LeftBehind {
  kind: MigratedKind
  /** Its name where it has one, else its Flowise id. */
  name: string
  reason: string
}

/** A record that came with a new id because Weft already used its own elsewhere. */
export interface Renamed {
  kind: MigratedKind
  name: string
  from: string
  to: string
}

/** Something about a record brought that works differently in Weft, for its owner to check. */
export interface Note {
  kind: MigratedKind
  name: string
  note: string
}

export interface MigrationReport {
  workspace: { id: string; name: string }
  counts: Record<MigratedKind, { added: number; alreadyThere: number }>
  renamed: Renamed[]
  leftBehind: LeftBehind[]
  notes: Note[]
}

export const emptyCounts = (): MigrationReport['counts'] =>
  Object.fromEntries(
    Object.keys(MIGRATED_KINDS).map((kind) => [kind, { added: 0, alreadyThere: 0 }]),
  ) as MigrationReport['counts']

const GROUPED_FROM = 3

function groupedByReason(items: readonly LeftBehind[]): Map<string, LeftBehind[]> {
  const groups = new Map<string, LeftBehind[]>()
  for (const item of items) {
    const key = `${item.kind}\n${item.reason}`
    const group = groups.get(key)
    if (group) group.push(item)
    else groups.set(key, [item])
  }
  return groups
}

/** The report as the command prints it: one line per kind, then the renamed and the left behind. */
export function formatReport(report: MigrationReport): string {
  const lines = [`Imported into workspace "${report.workspace.name}" (${report.workspace.id}):`]
  const width = Math.max(...Object.values(MIGRATED_KINDS).map((label) => label.length))
  for (const [kind, label] of Object.entries(MIGRATED_KINDS) as [MigratedKind, string][]) {
    const { added, alreadyThere } = report.counts[kind]
    const there = alreadyThere > 0 ? `, ${alreadyThere} already there` : ''
    lines.push(`  ${label.padEnd(width)}  ${added} added${there}`)
  }
  if (report.renamed.length > 0) {
    lines.push('', 'Given a new id, because Weft uses theirs elsewhere or it is no UUID (every reference follows):')
    for (const r of report.renamed) lines.push(`  ${MIGRATED_KINDS[r.kind]}: ${r.name}: ${r.from} → ${r.to}`)
  }
  if (report.notes.length > 0) {
    lines.push('', 'To check:')
    for (const n of report.notes) lines.push(`  ${MIGRATED_KINDS[n.kind]}: ${n.name}: ${n.note}`)
  }
  if (report.leftBehind.length > 0) {
    lines.push('', 'Not brought:')
    for (const [key, items] of groupedByReason(report.leftBehind)) {
      const first = items[0]!
      // Many records left behind for one reason (evaluation runs, say) take one line.
      const what = items.length > GROUPED_FROM ? `${items.length} records` : items.map((item) => item.name).join(', ')
      lines.push(`  ${MIGRATED_KINDS[first.kind]}: ${what}: ${key.slice(key.indexOf('\n') + 1)}`)
    }
  } else {
    lines.push('', 'Nothing was left behind.')
  }
  return lines.join('\n')
}
