import { randomUUID } from 'node:crypto'
import type { Lead } from '@weft/core'
import type { FastifyRequest } from 'fastify'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { leadsRepository, listLeads } from '../db/repositories/leads.repository.js'
import type { FlowRow, LeadRow } from '../db/tables.js'
import { forbidden } from '../http-error.js'
import { findMemberFlow, openFlowForCaller } from './flow-access.service.js'
import { readChatbotConfig } from './flow-config.js'

export const LEADS_OFF =
  'This flow does not collect leads: turn on "Ask for contact details" in its Configuration → Leads.'

export interface NewLead {
  chatflowid: string
  chatId: string
  name?: string | null | undefined
  email?: string | null | undefined
  phone?: string | null | undefined
}

export const toLead = (row: LeadRow): Lead => ({
  id: row.id,
  chatflowid: row.chatflow_id,
  chatId: row.chat_id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  createdDate: row.created_at,
})

/**
 * The flow a lead is left for, once its caller is let in: whoever may call the flow, and only
 * while its chatbot asks for contact details (Flowise's `chatbotConfig.leads.status`), so nobody
 * fills the owner's leads through a flow that never asked for them.
 */
export async function openLeadFlow(ctx: AppContext, request: FastifyRequest, flowId: string): Promise<FlowRow> {
  const { flow } = await openFlowForCaller(ctx, request, flowId)
  if (readChatbotConfig(flow.chatbot_config).leads?.status !== true) throw forbidden(LEADS_OFF)
  return flow
}

/** Contact details left in the chatbot of `flow` (as `openLeadFlow` answers it). */
export async function addLead(ctx: AppContext, flow: FlowRow, input: NewLead): Promise<Lead> {
  const row = await leadsRepository(ctx.db).insert(
    { workspaceId: flow.workspace_id },
    {
      id: randomUUID(),
      chatflow_id: flow.id,
      chat_id: input.chatId,
      name: input.name || null,
      email: input.email || null,
      phone: input.phone || null,
      created_at: new Date().toISOString(),
    },
  )
  return toLead(row)
}

export async function listFlowLeads(ctx: AppContext, principal: Principal, flowId: string): Promise<Lead[]> {
  const flow = await findMemberFlow(ctx, principal, flowId, 'view')
  return (await listLeads(ctx.db, { workspaceId: flow.workspace_id }, flow.id)).map(toLead)
}
