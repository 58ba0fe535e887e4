// The tools of Slack's MCP server (@modelcontextprotocol/server-slack, which Flowise's Slack MCP node
// starts as a program), each as the Slack Web API method it calls: same tool names, same arguments.

export interface SlackCall {
  method: 'GET' | 'POST'
  /** The Web API method, e.g. `chat.postMessage`. */
  api: string
  /** Query values (GET) or the JSON body (POST). */
  values: Record<string, string | number | boolean>
}

export interface SlackAction {
  name: string
  description: string
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[] }
  /** The Web API call for the agent's arguments; `teamId` is the credential's Team ID. */
  call: (args: Record<string, unknown>, teamId: string) => SlackCall
}

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : String(value))
/** A whole number in [1, max], or the default when the agent gave none. */
const count = (value: unknown, fallback: number, max = Infinity) => {
  const number = Math.floor(Number(value))
  return Number.isFinite(number) && number > 0 ? Math.min(number, max) : fallback
}
const withCursor = (values: SlackCall['values'], cursor: unknown) =>
  text(cursor) ? { ...values, cursor: text(cursor) } : values

const string = (description: string) => ({ type: 'string', description })
const number = (description: string, fallback: number) => ({ type: 'number', description, default: fallback })
const CHANNEL = string('The ID of the channel')
const THREAD_TS = string(
  "The timestamp of the parent message in the format '1234567890.123456'. Timestamps in the format without the period can be converted by adding the period such that 6 numbers come after it.",
)
const CURSOR = string('Pagination cursor for next page of results')

export const SLACK_ACTIONS: readonly SlackAction[] = [
  {
    name: 'slack_list_channels',
    description: 'List public channels in the workspace with pagination',
    inputSchema: {
      type: 'object',
      properties: { limit: number('Maximum number of channels to return (default 100, max 200)', 100), cursor: CURSOR },
    },
    call: (args, teamId) => ({
      method: 'GET',
      api: 'conversations.list',
      values: withCursor(
        { types: 'public_channel', exclude_archived: true, limit: count(args.limit, 100, 200), team_id: teamId },
        args.cursor,
      ),
    }),
  },
  {
    name: 'slack_post_message',
    description: 'Post a new message to a Slack channel',
    inputSchema: {
      type: 'object',
      properties: { channel_id: string('The ID of the channel to post to'), text: string('The message text to post') },
      required: ['channel_id', 'text'],
    },
    call: (args) => ({
      method: 'POST',
      api: 'chat.postMessage',
      values: { channel: text(args.channel_id), text: text(args.text) },
    }),
  },
  {
    name: 'slack_reply_to_thread',
    description: 'Reply to a specific message thread in Slack',
    inputSchema: {
      type: 'object',
      properties: {
        channel_id: string('The ID of the channel containing the thread'),
        thread_ts: THREAD_TS,
        text: string('The reply text'),
      },
      required: ['channel_id', 'thread_ts', 'text'],
    },
    call: (args) => ({
      method: 'POST',
      api: 'chat.postMessage',
      values: { channel: text(args.channel_id), thread_ts: text(args.thread_ts), text: text(args.text) },
    }),
  },
  {
    name: 'slack_add_reaction',
    description: 'Add a reaction emoji to a message',
    inputSchema: {
      type: 'object',
      properties: {
        channel_id: string('The ID of the channel containing the message'),
        timestamp: string('The timestamp of the message to react to'),
        reaction: string('The name of the emoji reaction (without ::)'),
      },
      required: ['channel_id', 'timestamp', 'reaction'],
    },
    call: (args) => ({
      method: 'POST',
      api: 'reactions.add',
      values: {
        channel: text(args.channel_id),
        timestamp: text(args.timestamp),
        name: text(args.reaction).replaceAll(':', ''),
      },
    }),
  },
  {
    name: 'slack_get_channel_history',
    description: 'Get recent messages from a channel',
    inputSchema: {
      type: 'object',
      properties: { channel_id: CHANNEL, limit: number('Number of messages to retrieve (default 10)', 10) },
      required: ['channel_id'],
    },
    call: (args) => ({
      method: 'GET',
      api: 'conversations.history',
      values: { channel: text(args.channel_id), limit: count(args.limit, 10) },
    }),
  },
  {
    name: 'slack_get_thread_replies',
    description: 'Get all replies in a message thread',
    inputSchema: {
      type: 'object',
      properties: { channel_id: string('The ID of the channel containing the thread'), thread_ts: THREAD_TS },
      required: ['channel_id', 'thread_ts'],
    },
    call: (args) => ({
      method: 'GET',
      api: 'conversations.replies',
      values: { channel: text(args.channel_id), ts: text(args.thread_ts) },
    }),
  },
  {
    name: 'slack_get_users',
    description: 'Get a list of all users in the workspace with their basic profile information',
    inputSchema: {
      type: 'object',
      properties: { cursor: CURSOR, limit: number('Maximum number of users to return (default 100, max 200)', 100) },
    },
    call: (args, teamId) => ({
      method: 'GET',
      api: 'users.list',
      values: withCursor({ limit: count(args.limit, 100, 200), team_id: teamId }, args.cursor),
    }),
  },
  {
    name: 'slack_get_user_profile',
    description: 'Get detailed profile information for a specific user',
    inputSchema: {
      type: 'object',
      properties: { user_id: string('The ID of the user') },
      required: ['user_id'],
    },
    call: (args) => ({
      method: 'GET',
      api: 'users.profile.get',
      values: { user: text(args.user_id), include_labels: true },
    }),
  },
]
