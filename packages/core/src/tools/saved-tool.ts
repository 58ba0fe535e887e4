/** A custom tool saved in a workspace (/api/v1/tools), usable from any flow's Custom Tool node by id. */
export interface SavedTool {
  id: string
  /** What the model calls it by: `TOOL_NAME_PATTERN`. */
  name: string
  /** Tells the model when to use it. */
  description: string
  color: string
  iconSrc: string | null
  /** JSON text of its arguments: grid rows or a JSON Schema object (`readToolInputSchema`). */
  schema: string | null
  /** The JavaScript it runs in the sandbox, with the arguments as `$<property>`. */
  func: string | null
  workspaceId: string
  createdDate: string
  updatedDate: string
}

/** The body of POST /api/v1/tools; PUT takes any part of it. */
export interface NewSavedTool {
  name: string
  description: string
  color: string
  iconSrc?: string | null
  schema?: string | null
  func?: string | null
}
