import { randomUUID } from 'node:crypto'
import {
  hasPermission,
  sanitizeFlowForExport,
  templateCategories,
  templateTypeOfFlow,
  type FlowData,
  type FlowTemplate,
  type NewSavedTool,
  type TemplateType,
} from '@weft/core'
import { accessContext } from '../auth/authenticate.js'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { customTemplatesRepository, listCustomTemplateRows } from '../db/repositories/custom-templates.repository.js'
import type { CustomTemplateRow } from '../db/tables.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { badRequest, forbidden, notFound } from '../http-error.js'
import { getFlow } from './flows.service.js'

const scopeOf = (principal: Principal): WorkspaceScope => ({ workspaceId: principal.workspaceId })

/** The fields of a tool a Tool template keeps: Flowise's tool export, the body that saves a tool. */
export type TemplateTool = NewSavedTool

export interface NewCustomTemplate {
  name: string
  description?: string
  badge?: string
  usecases?: string[]
  /** Save this flow of the workspace (its saved version, credentials and secrets stripped)… */
  chatflowId?: string
  /** …or this tool. */
  tool?: TemplateTool
}

/** A saved template as the marketplace lists it; a Tool template also carries the tool's fields at the top, as Flowise does. */
export type CustomTemplate = FlowTemplate & {
  name: string
  badge: string
  framework: string
  custom: true
  createdDate: string
  updatedDate: string
} & Partial<Pick<TemplateTool, 'color' | 'iconSrc' | 'schema' | 'func'>>

function readUsecases(text: string | null): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]')
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
  } catch {
    return []
  }
}

function toolOf(flowData: string): Partial<TemplateTool> {
  try {
    const tool = JSON.parse(flowData) as Partial<TemplateTool>
    return { color: tool.color, iconSrc: tool.iconSrc ?? null, schema: tool.schema ?? null, func: tool.func ?? null }
  } catch {
    return {}
  }
}

const toTemplate = (row: CustomTemplateRow): CustomTemplate => ({
  id: row.id,
  name: row.name,
  templateName: row.name,
  description: row.description ?? '',
  type: row.type,
  badge: row.badge ?? '',
  framework: row.framework ?? '',
  usecases: readUsecases(row.usecases),
  categories: row.type === 'Tool' ? [] : templateCategories(row.flow_data),
  flowData: row.flow_data,
  custom: true,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
  ...(row.type === 'Tool' ? toolOf(row.flow_data) : {}),
})

export async function listCustomTemplates(ctx: AppContext, principal: Principal): Promise<CustomTemplate[]> {
  return (await listCustomTemplateRows(ctx.db, scopeOf(principal))).map(toTemplate)
}

export async function getCustomTemplate(ctx: AppContext, principal: Principal, id: string): Promise<CustomTemplate> {
  const row = await customTemplatesRepository(ctx.db).find(scopeOf(principal), id)
  if (!row) throw notFound(`Template ${id} not found`)
  return toTemplate(row)
}

/** What a template stores: the flow as an export has it (no credential, password, file or folder values), or the tool. */
async function contentOf(
  ctx: AppContext,
  principal: Principal,
  template: NewCustomTemplate,
): Promise<{ type: TemplateType; flowData: string }> {
  if (template.chatflowId && template.tool) throw badRequest('body: give either chatflowId or tool, not both')
  const may = (permission: string) => hasPermission(accessContext(ctx.config.platform, principal), permission)
  if (template.tool) {
    if (!may('templates:toolexport')) throw forbidden()
    const { name, description, color, iconSrc, schema, func } = template.tool
    return { type: 'Tool', flowData: JSON.stringify({ name, description, color, iconSrc, schema, func }) }
  }
  if (!template.chatflowId) throw badRequest('body: chatflowId or tool is required: the flow or tool to save')
  if (!may('templates:flowexport')) throw forbidden()
  const flow = await getFlow(ctx, principal, template.chatflowId)
  const flowData = JSON.parse(flow.flowData) as FlowData
  return { type: templateTypeOfFlow(flow.type), flowData: JSON.stringify(sanitizeFlowForExport(flowData)) }
}

export async function saveCustomTemplate(
  ctx: AppContext,
  principal: Principal,
  template: NewCustomTemplate,
): Promise<CustomTemplate> {
  const { type, flowData } = await contentOf(ctx, principal, template)
  const now = new Date().toISOString()
  const row = await customTemplatesRepository(ctx.db).insert(scopeOf(principal), {
    id: randomUUID(),
    name: template.name,
    type,
    flow_data: flowData,
    description: template.description ?? null,
    badge: template.badge || null,
    framework: null,
    usecases: JSON.stringify(template.usecases ?? []),
    created_at: now,
    updated_at: now,
  })
  return toTemplate(row)
}

export async function deleteCustomTemplate(ctx: AppContext, principal: Principal, id: string): Promise<void> {
  if (!(await customTemplatesRepository(ctx.db).remove(scopeOf(principal), id))) {
    throw notFound(`Template ${id} not found`)
  }
}
