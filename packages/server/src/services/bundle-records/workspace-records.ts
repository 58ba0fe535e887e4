import {
  mappedId,
  remapIdsInText,
  type AssistantRecord,
  type CustomTemplateRecord,
  type IdMap,
  type ToolRecord,
  type VariableRecord,
} from '@weft/core'
import type { Insertable } from 'kysely'
import type {
  AssistantRow,
  AssistantsTable,
  CustomTemplateRow,
  CustomTemplatesTable,
  ToolRow,
  ToolsTable,
  VariableRow,
  VariablesTable,
} from '../../db/tables.js'

// The Tool, Variable, Assistant* and CustomTemplate groups: the records and the rows they become.

export const toToolRecord = (row: ToolRow): ToolRecord => ({
  id: row.id,
  name: row.name,
  description: row.description,
  color: row.color,
  iconSrc: row.icon_src,
  schema: row.schema,
  func: row.func,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
})

export const toToolRow = (record: ToolRecord, ids: IdMap, workspaceId: string): Insertable<ToolsTable> => ({
  id: mappedId(ids, record.id),
  workspace_id: workspaceId,
  name: record.name,
  description: record.description,
  color: record.color,
  icon_src: record.iconSrc,
  schema: record.schema,
  func: record.func,
  created_at: record.createdDate,
  updated_at: record.updatedDate,
})

export const toVariableRecord = (row: VariableRow): VariableRecord => ({
  id: row.id,
  name: row.name,
  value: row.value,
  type: row.type,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
})

export const toVariableRow = (record: VariableRecord, ids: IdMap, workspaceId: string): Insertable<VariablesTable> => ({
  id: mappedId(ids, record.id),
  workspace_id: workspaceId,
  name: record.name,
  value: record.value,
  type: record.type,
  created_at: record.createdDate,
  updated_at: record.updatedDate,
})

export const toAssistantRecord = (row: AssistantRow): AssistantRecord => ({
  id: row.id,
  details: row.details,
  credential: row.credential,
  iconSrc: row.icon_src,
  type: row.type,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
})

/** Its details' picks of tools, stores and its flow follow their new ids. */
export const toAssistantRow = (
  record: AssistantRecord,
  ids: IdMap,
  workspaceId: string,
): Insertable<AssistantsTable> => ({
  id: mappedId(ids, record.id),
  workspace_id: workspaceId,
  type: record.type,
  details: remapIdsInText(record.details, ids),
  credential: record.credential,
  icon_src: record.iconSrc,
  created_at: record.createdDate,
  updated_at: record.updatedDate,
})

export const toCustomTemplateRecord = (row: CustomTemplateRow): CustomTemplateRecord => ({
  id: row.id,
  name: row.name,
  flowData: row.flow_data,
  description: row.description,
  badge: row.badge,
  framework: row.framework,
  usecases: row.usecases,
  type: row.type,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
})

export const toCustomTemplateRow = (
  record: CustomTemplateRecord,
  ids: IdMap,
  workspaceId: string,
): Insertable<CustomTemplatesTable> => ({
  id: mappedId(ids, record.id),
  workspace_id: workspaceId,
  name: record.name,
  type: record.type,
  flow_data: remapIdsInText(record.flowData, ids),
  description: record.description,
  badge: record.badge,
  framework: record.framework,
  usecases: record.usecases,
  created_at: record.createdDate,
  updated_at: record.updatedDate,
})
