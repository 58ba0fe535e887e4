import type { CredentialDescriptor } from '@weft/core'
import { searchBaseUrlField } from './search-base-url.js'

// Flowise's Slack Bot Token credential (botToken, teamId), which its Slack MCP node hands to a local
// Slack MCP server program; Weft calls Slack's Web API with it instead.
export const slackApi: CredentialDescriptor = {
  label: 'Slack Bot Token',
  name: 'slackApi',
  description: "A Slack app's bot token (xoxb-…) and the id of its workspace (team).",
  inputs: [
    { label: 'Bot Token', name: 'botToken', type: 'password' },
    { label: 'Team ID', name: 'teamId', type: 'string', placeholder: '<SLACK_TEAM_ID>' },
    searchBaseUrlField('slackApiBaseUrl', 'https://slack.com/api'),
  ],
}
