import { z } from 'zod'
import { WORKSPACE_COUNT_KEYS, type WorkspaceCountKey } from '@weft/core'

// Request and answer shapes of the workspace routes (Flowise's field names), shared by
// workspace.ts, workspace-users.ts and workspace-shared.ts.

export const WORKSPACE_NAME_MAX = 100
export const WORKSPACE_DESCRIPTION_MAX = 1000

export const id = z.string('is required').trim().min(1, 'is required').max(100, 'must be at most 100 characters')
export const workspaceName = z
  .string('is required')
  .trim()
  .min(1, 'is required')
  .max(WORKSPACE_NAME_MAX, `must be at most ${WORKSPACE_NAME_MAX} characters`)
export const workspaceDescription = z
  .string('must be text')
  .trim()
  .max(WORKSPACE_DESCRIPTION_MAX, `must be at most ${WORKSPACE_DESCRIPTION_MAX} characters`)

const count = z.number().int()
export const countsSchema = z.object(
  Object.fromEntries(WORKSPACE_COUNT_KEYS.map((key) => [key, count])) as Record<WorkspaceCountKey, typeof count>,
)

export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  organizationId: z.string(),
  isDefault: z.boolean(),
  createdDate: z.string(),
  updatedDate: z.string(),
  userCount: count,
  counts: countsSchema,
})

export const deletedWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  deleted: countsSchema.extend({ members: count }),
})

export const workspaceUserSchema = z.object({
  workspaceId: z.string(),
  userId: z.string(),
  roleId: z.string().nullable(),
  status: z.string(),
  lastLogin: z.string().nullable(),
  createdDate: z.string(),
  isOrgOwner: z.boolean(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), status: z.string() }),
  role: z.object({ id: z.string().nullable(), name: z.string() }),
  workspace: z.object({ id: z.string(), name: z.string() }),
})
