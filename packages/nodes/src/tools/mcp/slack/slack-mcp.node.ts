import { failure } from '@weft/core'
import { defineNode } from '../../../define-node.js'
import type { OutboundFetch } from '../../../net/outbound-guard.js'
import type { Tool } from '../../../providers/chat-model.js'
import { isRecord } from '../../../runtime/read-input.js'
import { callSearchApi, serviceUrl } from '../../search/search-request.js'
import { cutToPrompt } from '../../send-request.js'
import { chosenActions } from '../chosen-actions.js'
import { SLACK_ACTIONS, type SlackAction } from './slack-actions.js'

// Flowise's Slack MCP node starts Slack's MCP server as a local program with the bot token. Weft
// never starts a program: each of that server's tools calls Slack's Web API itself, through the
// run's outbound guard, with the same names and arguments, so a Flowise flow keeps its actions.

interface SlackAccess {
  botToken: string
  teamId: string
  base: string | undefined
}

function readAccess(credential: Record<string, string> | undefined): SlackAccess {
  const botToken = credential?.botToken?.trim()
  const teamId = credential?.teamId?.trim()
  if (!botToken || !teamId)
    throw failure(
      'configuration',
      'Connect Credential: choose a Slack Bot Token credential with its Bot Token and Team ID.',
    )
  return { botToken, teamId, base: credential?.slackApiBaseUrl }
}

/** Runs the action: Slack's answer as JSON text, or a sentence saying what Slack or the network refused. */
async function runAction(
  action: SlackAction,
  args: Record<string, unknown>,
  access: SlackAccess,
  fetch: OutboundFetch,
  signal: AbortSignal,
) {
  const { method, api, values } = action.call(args, access.teamId)
  const url = serviceUrl(access.base, 'https://slack.com/api', `/${api}`)
  if (method === 'GET')
    url.search = new URLSearchParams(
      Object.entries(values).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString()
  const answer = await callSearchApi({
    service: 'Slack',
    url,
    method,
    headers: {
      authorization: `Bearer ${access.botToken}`,
      ...(method === 'POST' ? { 'content-type': 'application/json; charset=utf-8' } : {}),
    },
    ...(method === 'POST' ? { body: values } : {}),
    signal,
    fetch,
  })
  if (!answer.ok) return answer.text
  // Slack answers 200 with `ok: false` and the reason (channel_not_found, not_in_channel, …).
  if (isRecord(answer.data) && answer.data.ok === false)
    return `Slack refused ${api}: ${typeof answer.data.error === 'string' ? answer.data.error : 'no reason given'}.`
  return cutToPrompt(JSON.stringify(answer.data))
}

export default defineNode({
  descriptor: {
    label: 'Slack MCP',
    name: 'slackMCP',
    version: 1,
    type: 'Slack MCP Tool',
    category: 'Tools (MCP)',
    description: "Let an agent read and post in Slack: Slack MCP's tools, calling Slack's Web API with a bot token.",
    icon: 'slackMCP.svg',
    color: '#B8336A',
    baseClasses: ['Tool'],
    canvases: ['chatflow', 'sequential'],
    credential: { label: 'Connect Credential', credentialNames: ['slackApi'] },
    inputs: [
      {
        label: 'Available Actions',
        name: 'mcpActions',
        type: 'asyncMultiOptions',
        loadMethod: 'listActions',
        optional: true,
        description: 'The Slack tools the agent may call; none chosen means all of them.',
      },
    ],
  },
  loadMethods: {
    listActions: async () =>
      [...SLACK_ACTIONS]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((action) => ({ label: action.name.toUpperCase(), name: action.name, description: action.description })),
  },
  run: async ({ inputs, credential, scope }): Promise<Tool[]> => {
    const access = readAccess(credential)
    const chosen = chosenActions(inputs.mcpActions)
    const unknown = chosen.filter((name) => !SLACK_ACTIONS.some((action) => action.name === name))
    if (unknown.length) throw new Error(`Slack MCP has no action ${unknown.join(', ')}: choose its actions again.`)
    const actions = chosen.length ? SLACK_ACTIONS.filter((action) => chosen.includes(action.name)) : SLACK_ACTIONS
    return actions.map((action) => ({
      kind: 'tool',
      name: action.name,
      description: action.description,
      inputSchema: action.inputSchema,
      execute: (input, signal) => runAction(action, input, access, scope.fetch, signal),
    }))
  },
})
