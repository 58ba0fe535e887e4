import { randomUUID } from 'node:crypto'
import type { Lead } from '@weft/core'
import type { FastifyRequest } from 'fastify'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { leadsRepository, listLeads } from '../db/repositories/leads.repository.js'
import type { LeadRow } from '../db/tables.js'
import { findMemberFlow, openFlowForCaller } from './flow-access.service.js'

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

/** Contact details left in a chatbot that asks for them; whoever may call the flow may leave them. */
export async function addLead(ctx: AppContext, request: FastifyRequest, input: NewLead): Promise<Lead> {
  const { flow } = await openFlowForCaller(ctx, request, input.chatflowid)
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
