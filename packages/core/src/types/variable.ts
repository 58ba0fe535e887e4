/** 'static' holds its value; 'runtime' reads the server's environment variable of the same name at run time. */
export const VARIABLE_TYPES = ['static', 'runtime'] as const
export type VariableType = (typeof VARIABLE_TYPES)[number]

/** A workspace variable, usable in flows as `$vars.<name>`: /api/v1/variables. */
export interface Variable {
  id: string
  name: string
  /** For 'runtime' variables the value is ignored. */
  value: string
  type: VariableType
  workspaceId: string
  createdDate: string
  updatedDate: string
}

export interface NewVariable {
  name: string
  value: string
  type: VariableType
}

/** Variable names are used as `$vars.<name>`, so they are identifiers. */
export const VARIABLE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/
