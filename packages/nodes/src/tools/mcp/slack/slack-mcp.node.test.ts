import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildComponent } from '../../../define-node.js'
import type { Tool } from '../../../providers/chat-model.js'
import { testRun, type TestRun } from '../../../runtime/test-run.js'
import { startLoopbackApi, type ApiRequest, type LoopbackApi } from '../../../testing/loopback-api.js'
import { testFetch } from '../../../testing/test-fetch.js'
import slackMCP from './slack-mcp.node.js'

// A loopback stand-in of Slack's Web API: methods under /api/, the bot token as a Bearer header,
// answers 200 with `ok` true or false as Slack does.

const TOKEN = 'xoxb-test-token'
let slack: LoopbackApi
const answers: Record<string, (request: ApiRequest, query: URLSearchParams) => unknown> = {
  'conversations.list': () => ({
    ok: true,
    channels: [{ id: 'C1', name: 'general' }],
    response_metadata: { next_cursor: 'dGVhbQ' },
  }),
  'chat.postMessage': (request) => {
    const body = JSON.parse(request.body) as { channel: string; text: string; thread_ts?: string }
    if (body.channel === 'C404') return { ok: false, error: 'channel_not_found' }
    return {
      ok: true,
      channel: body.channel,
      ts: '1700000000.000200',
      message: { text: body.text, thread_ts: body.thread_ts },
    }
  },
  'reactions.add': () => ({ ok: true }),
  'conversations.history': () => ({
    ok: true,
    messages: [{ type: 'message', user: 'U1', text: 'Hello', ts: '1700000000.000100' }],
  }),
  'conversations.replies': () => ({ ok: true, messages: [{ text: 'Parent' }, { text: 'Reply' }] }),
  'users.list': () => ({ ok: true, members: [{ id: 'U1', name: 'ada' }] }),
  'users.profile.get': (_request, query) => ({ ok: true, profile: { real_name: `Ada of ${query.get('user')}` } }),
}

beforeAll(async () => {
  slack = await startLoopbackApi((request, res) => {
    const url = new URL(request.url, 'http://slack')
    if (request.headers.authorization !== `Bearer ${TOKEN}`)
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":false,"error":"invalid_auth"}')
    const answer = answers[url.pathname.replace('/api/', '')]
    if (!answer) return res.writeHead(404, 'Not Found').end('unknown_method')
    res
      .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      .end(JSON.stringify(answer(request, url.searchParams)))
  })
})
afterAll(() => slack.close())

const signal = new AbortController().signal
const credential = () => ({ botToken: TOKEN, teamId: 'T123', slackApiBaseUrl: `${slack.url}/api` })

async function build(
  inputs: Record<string, unknown> = {},
  saved: Record<string, string> | null = credential(),
  run: TestRun = testRun({ fetch: testFetch(slack.url) }),
) {
  return (await buildComponent(slackMCP, {
    nodeId: 'slackMCP_0',
    label: 'Slack MCP',
    inputs,
    ...(saved ? { credential: saved } : {}),
    isEnding: false,
    scope: run.scope,
  })) as Tool[]
}

const toolNamed = (tools: Tool[], name: string) => tools.find((tool) => tool.name === name)!
const last = () => {
  const request = slack.requests.at(-1)!
  const url = new URL(request.url, 'http://slack')
  return { ...request, path: url.pathname, query: Object.fromEntries(url.searchParams) }
}

describe('Slack MCP', () => {
  it("lists Slack MCP's eight actions, and offers only the chosen ones to the agent", async () => {
    const options = await slackMCP.loadMethods!.listActions!({ inputs: {}, fetch: testFetch() })
    expect(options.map((option) => option.name)).toEqual([
      'slack_add_reaction',
      'slack_get_channel_history',
      'slack_get_thread_replies',
      'slack_get_user_profile',
      'slack_get_users',
      'slack_list_channels',
      'slack_post_message',
      'slack_reply_to_thread',
    ])
    expect(options[0]).toMatchObject({ label: 'SLACK_ADD_REACTION', description: 'Add a reaction emoji to a message' })
    const chosen = await build({ mcpActions: '["slack_post_message","slack_get_users"]' })
    expect(chosen.map((tool) => tool.name)).toEqual(['slack_post_message', 'slack_get_users'])
    expect((await build()).length).toBe(8)
  })

  it('lists channels and users of the Team ID with the bot token, capping the page at 200', async () => {
    const tools = await build()
    const channels = await toolNamed(tools, 'slack_list_channels').execute({ limit: 500, cursor: 'abc' }, signal)
    expect(JSON.parse(channels)).toMatchObject({ ok: true, channels: [{ id: 'C1', name: 'general' }] })
    expect(last()).toMatchObject({
      method: 'GET',
      path: '/api/conversations.list',
      headers: { authorization: `Bearer ${TOKEN}` },
      query: { types: 'public_channel', exclude_archived: 'true', limit: '200', team_id: 'T123', cursor: 'abc' },
    })
    await toolNamed(tools, 'slack_get_users').execute({}, signal)
    expect(last()).toMatchObject({ path: '/api/users.list', query: { limit: '100', team_id: 'T123' } })
  })

  it('posts a message, replies in a thread and adds a reaction as JSON bodies', async () => {
    const tools = await build()
    const posted = await toolNamed(tools, 'slack_post_message').execute({ channel_id: 'C1', text: 'Hi team' }, signal)
    expect(JSON.parse(posted)).toMatchObject({ ok: true, ts: '1700000000.000200', message: { text: 'Hi team' } })
    expect(last()).toMatchObject({ method: 'POST', path: '/api/chat.postMessage' })
    expect(last().headers['content-type']).toBe('application/json; charset=utf-8')
    expect(JSON.parse(last().body)).toEqual({ channel: 'C1', text: 'Hi team' })

    await toolNamed(tools, 'slack_reply_to_thread').execute(
      { channel_id: 'C1', thread_ts: '1700000000.000100', text: 'Me too' },
      signal,
    )
    expect(JSON.parse(last().body)).toEqual({ channel: 'C1', thread_ts: '1700000000.000100', text: 'Me too' })

    await toolNamed(tools, 'slack_add_reaction').execute(
      { channel_id: 'C1', timestamp: '1700000000.000100', reaction: ':tada:' },
      signal,
    )
    expect(last().path).toBe('/api/reactions.add')
    expect(JSON.parse(last().body)).toEqual({ channel: 'C1', timestamp: '1700000000.000100', name: 'tada' })
  })

  it('reads channel history, thread replies and a user profile', async () => {
    const tools = await build()
    await toolNamed(tools, 'slack_get_channel_history').execute({ channel_id: 'C1' }, signal)
    expect(last()).toMatchObject({ path: '/api/conversations.history', query: { channel: 'C1', limit: '10' } })
    const replies = await toolNamed(tools, 'slack_get_thread_replies').execute(
      { channel_id: 'C1', thread_ts: '17.5' },
      signal,
    )
    expect(JSON.parse(replies).messages).toHaveLength(2)
    expect(last()).toMatchObject({ path: '/api/conversations.replies', query: { channel: 'C1', ts: '17.5' } })
    const profile = await toolNamed(tools, 'slack_get_user_profile').execute({ user_id: 'U1' }, signal)
    expect(JSON.parse(profile)).toMatchObject({ profile: { real_name: 'Ada of U1' } })
    expect(last().query).toEqual({ user: 'U1', include_labels: 'true' })
  })

  it("tells the agent Slack's refusals as text: ok false with its reason, or an HTTP error", async () => {
    const tools = await build()
    await expect(
      toolNamed(tools, 'slack_post_message').execute({ channel_id: 'C404', text: 'x' }, signal),
    ).resolves.toBe('Slack refused chat.postMessage: channel_not_found.')
    const wrongToken = await build({}, { ...credential(), botToken: 'xoxb-wrong' })
    await expect(toolNamed(wrongToken, 'slack_get_users').execute({}, signal)).resolves.toBe(
      'Slack refused users.list: invalid_auth.',
    )
    const elsewhere = await build({}, { ...credential(), slackApiBaseUrl: `${slack.url}/v9` })
    await expect(toolNamed(elsewhere, 'slack_get_users').execute({}, signal)).resolves.toBe(
      'Slack answered 404 Not Found: unknown_method',
    )
  })

  it('asks for the Bot Token and Team ID, and names an action Slack MCP does not have', async () => {
    await expect(build({}, null)).rejects.toThrow(
      'Connect Credential: choose a Slack Bot Token credential with its Bot Token and Team ID.',
    )
    await expect(build({}, { botToken: TOKEN, teamId: ' ' })).rejects.toThrow('with its Bot Token and Team ID')
    await expect(build({ mcpActions: ['slack_delete_workspace'] })).rejects.toThrow(
      'Slack MCP has no action slack_delete_workspace: choose its actions again.',
    )
  })

  it('goes to https://slack.com/api without a Base URL, and never to a private address the administrator did not allow', async () => {
    const asked: string[] = []
    const tools = await build(
      { mcpActions: ['slack_get_users'] },
      { botToken: TOKEN, teamId: 'T123' },
      testRun({
        fetch: async (input) => {
          asked.push(String(input))
          return new Response('{"ok":true,"members":[]}', { headers: { 'content-type': 'application/json' } })
        },
      }),
    )
    await tools[0]!.execute({}, signal)
    expect(asked).toEqual(['https://slack.com/api/users.list?limit=100&team_id=T123'])

    const before = slack.requests.length
    const guarded = await build({}, credential(), testRun())
    await expect(toolNamed(guarded, 'slack_list_channels').execute({}, signal)).resolves.toBe(
      `Weft could not reach ${slack.url}: the address is private, unreachable or refused the connection. An administrator can allow a private host by adding ${new URL(slack.url).host} to WEFT_ALLOWED_PRIVATE_HOSTS.`,
    )
    expect(slack.requests.length).toBe(before)
  })
})
