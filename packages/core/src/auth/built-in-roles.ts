import type { Permission } from './permissions.js'

export interface BuiltInRole {
  name: string
  description: string
  permissions: readonly Permission[]
}

/** Roles every organization starts with; organization admins hold every permission without one. */
export const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  {
    name: 'member',
    description: 'Builds and runs flows in the workspace',
    permissions: [
      'chatflows:view',
      'agentflows:view',
      'executions:view',
      'assistants:view',
      'templates:marketplace',
      'templates:custom',
      'tools:view',
      'credentials:view',
      'variables:view',
      'apikeys:view',
      'documentStores:view',
      'datasets:view',
      'evaluators:view',
      'evaluations:view',
      'workspace:export',
      'workspace:import',
    ],
  },
  {
    name: 'viewer',
    description: 'Sees flows and executions, changes nothing',
    permissions: ['chatflows:view', 'agentflows:view', 'executions:view', 'templates:marketplace'],
  },
]
