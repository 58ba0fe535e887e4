import { mappedId, remapIdsInText, type FlowRecord, type IdMap } from '@weft/core'
import type { FlowRow, NewFlowRow } from '../../db/tables.js'

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1

/** A flow as the ChatFlow, AgentFlow, AgentFlowV2 and AssistantFlow groups hold it. */
export const toFlowRecord = (row: FlowRow): FlowRecord => ({
  id: row.id,
  name: row.name,
  flowData: row.flow_data,
  deployed: row.deployed === 1,
  isPublic: row.is_public === 1,
  apikeyid: row.apikey_id,
  chatbotConfig: row.chatbot_config,
  apiConfig: row.api_config,
  analytic: row.analytic,
  speechToText: row.speech_to_text,
  followUpPrompts: row.follow_up_prompts,
  category: row.category,
  type: row.type,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
})

/** The row an imported flow becomes; its flow's picks of other imported records follow their new ids. */
export const toFlowRow = (record: FlowRecord, ids: IdMap, workspaceId: string): NewFlowRow => ({
  id: mappedId(ids, record.id),
  workspace_id: workspaceId,
  name: record.name,
  type: record.type,
  flow_data: remapIdsInText(record.flowData, ids),
  deployed: flag(record.deployed),
  is_public: flag(record.isPublic),
  category: record.category,
  chatbot_config: record.chatbotConfig,
  api_config: record.apiConfig,
  apikey_id: record.apikeyid,
  analytic: record.analytic,
  speech_to_text: record.speechToText,
  follow_up_prompts: record.followUpPrompts,
  created_at: record.createdDate,
  updated_at: record.updatedDate,
})
