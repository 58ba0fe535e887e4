import type { FlowType } from '@weft/core'

/** Where "Add New" can lead: a label and the canvas route of a new, unsaved flow. */
export interface CreateChoice {
  label: string
  description: string
  path: string
}

/** What differs between the chatflows and agentflows list screens. */
export interface FlowListConfig {
  title: string
  description: string
  /** The word used in messages, e.g. "Delete chatflow …?". */
  noun: string
  /** Flow types the list asks the server for, in one call. */
  types: FlowType[]
  /** Prefix of the create, update and delete permissions. */
  permissionPrefix: 'chatflows' | 'agentflows'
  create: CreateChoice[]
  /** A chip on each flow telling the types apart, when the list mixes them. */
  typeLabels?: Partial<Record<FlowType, string>>
}

export const CHATFLOW_LIST: FlowListConfig = {
  title: 'Chatflows',
  description: 'Build chat flows by wiring models, prompts, memory and tools together on a canvas.',
  noun: 'chatflow',
  types: ['CHATFLOW'],
  permissionPrefix: 'chatflows',
  create: [{ label: 'Chatflow', description: 'A new chat flow', path: '/canvas' }],
}

export const AGENTFLOW_LIST: FlowListConfig = {
  title: 'Agentflows',
  description: 'Design agents that plan, branch, loop and call tools, step by step.',
  noun: 'agentflow',
  types: ['AGENTFLOW', 'MULTIAGENT'],
  permissionPrefix: 'agentflows',
  create: [
    { label: 'Agentflow V2', description: 'Branches, loops and agents on one canvas', path: '/v2/agentcanvas' },
    { label: 'Sequential agents (V1)', description: 'Agents that hand over in sequence', path: '/agentcanvas' },
  ],
  typeLabels: { AGENTFLOW: 'V2', MULTIAGENT: 'Sequential' },
}
