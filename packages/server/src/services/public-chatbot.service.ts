import { activePostProcessing, type ChatbotConfig, type FlowType } from '@weft/core'
import { isStreamable } from '@weft/engine'
import { nodes } from '@weft/nodes'
import type { FastifyRequest } from 'fastify'
import type { AppContext } from '../context.js'
import { findFlowOfAnyWorkspace } from '../db/repositories/flows.repository.js'
import { notFound } from '../http-error.js'
import { isAgentflow } from './agentflow-runs.js'
import { checkOrigin, openFlowForCaller } from './flow-access.service.js'
import { readChatbotConfig } from './flow-config.js'
import { flowUploadsConfig } from './uploads.js'

// What the chatbot and embed widget read before the first question. The chatbot's look and the
// flow's name answer for a flow its caller may run (public, its API key, or a signed-in member), so
// a private flow's look stays private; whether a flow streams is answered to anyone.

/**
 * The chatbot's appearance and behaviour, with what it may send (`uploads`, Flowise's shape). The
 * owner's post-processing code is the owner's own: it stays on the server.
 */
export async function chatbotConfigOf(
  ctx: AppContext,
  request: FastifyRequest,
  flowId: string,
): Promise<ChatbotConfig> {
  const { flow } = await openFlowForCaller(ctx, request, flowId)
  const { postProcessing: _ownersCode, ...config } = readChatbotConfig(flow.chatbot_config)
  return { ...config, uploads: flowUploadsConfig(flow) }
}

/**
 * Whether the flow streams its answer token by token, so the client knows to ask for events. Anyone
 * may ask, for any flow, as in Flowise: flowise-sdk asks without the API key it sends with the
 * prediction itself. The answer says nothing else about the flow; an unknown id answers 404.
 */
export async function streamingOf(
  ctx: AppContext,
  request: FastifyRequest,
  flowId: string,
): Promise<{ isStreaming: boolean }> {
  const flow = await findFlowOfAnyWorkspace(ctx.db, flowId)
  if (!flow) throw notFound(`Flow ${flowId} not found`)
  // A browser on a site the chatbot does not list is refused here as at the prediction.
  checkOrigin(ctx, request, flow)
  // Post-processing sends the answer whole, once the function has rewritten it (as Flowise does).
  const postProcessing = activePostProcessing(readChatbotConfig(flow.chatbot_config).postProcessing)
  // An agentflow streams its steps' progress whatever its steps are; a chatflow only when its ending node can.
  const streamable = isAgentflow(flow.type) || isStreamable(flow.flow_data, nodes)
  return { isStreaming: postProcessing === undefined && streamable }
}

/** The little the chatbot page shows about the flow itself. */
export async function publicFlowOf(
  ctx: AppContext,
  request: FastifyRequest,
  flowId: string,
): Promise<{ id: string; name: string; isPublic: boolean; type: FlowType }> {
  const { flow } = await openFlowForCaller(ctx, request, flowId)
  return { id: flow.id, name: flow.name, isPublic: flow.is_public === 1, type: flow.type }
}
