import type { Migration } from 'kysely'
import * as accounts from './2026-11-22-0001-accounts.js'
import * as flows from './2026-11-22-0002-flows.js'
import * as credentialsVariablesApiKeys from './2026-11-22-0003-credentials-variables-api-keys.js'
import * as chatMessages from './2026-11-22-0004-chat-messages.js'
import * as chatMessageStatus from './2026-11-22-0005-chat-message-status.js'
import * as flowAnalytic from './2026-11-25-0006-flow-analytic.js'
import * as flowFollowUpPrompts from './2026-11-25-0007-flow-follow-up-prompts.js'
import * as flowSpeechToText from './2026-11-25-0008-flow-speech-to-text.js'
import * as chatMessageSource from './2026-11-25-0009-chat-message-source.js'
import * as executions from './2026-11-26-0010-executions.js'
import * as documentStores from './2026-11-26-0011-document-stores.js'
import * as documentStoreVectors from './2026-11-26-0012-document-store-vectors.js'
import * as toolsAssistantsTemplates from './2026-11-26-0013-tools-assistants-templates.js'
import * as assistantThreads from './2026-11-26-0014-assistant-threads.js'
import * as apiKeyPermissions from './2026-12-02-0015-api-key-permissions.js'
import * as upsertHistory from './2026-12-02-0016-upsert-history.js'
import * as chatMessageFileUploads from './2026-12-02-0017-chat-message-file-uploads.js'
import * as workspaceShares from './2026-12-02-0018-workspace-shares.js'
import * as invitations from './2026-12-02-0019-invitations.js'
import * as auditLog from './2026-12-02-0020-audit-log.js'
import * as ssoConfigs from './2026-12-02-0021-sso-configs.js'

/** Every migration, in order, listed explicitly so bundling and both dialects see the same set. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-accounts': accounts,
  '2026-11-22-0002-flows': flows,
  '2026-11-22-0003-credentials-variables-api-keys': credentialsVariablesApiKeys,
  '2026-11-22-0004-chat-messages': chatMessages,
  '2026-11-22-0005-chat-message-status': chatMessageStatus,
  '2026-11-25-0006-flow-analytic': flowAnalytic,
  '2026-11-25-0007-flow-follow-up-prompts': flowFollowUpPrompts,
  '2026-11-25-0008-flow-speech-to-text': flowSpeechToText,
  '2026-11-25-0009-chat-message-source': chatMessageSource,
  '2026-11-26-0010-executions': executions,
  '2026-11-26-0011-document-stores': documentStores,
  '2026-11-26-0012-document-store-vectors': documentStoreVectors,
  '2026-11-26-0013-tools-assistants-templates': toolsAssistantsTemplates,
  '2026-11-26-0014-assistant-threads': assistantThreads,
  '2026-12-02-0015-api-key-permissions': apiKeyPermissions,
  '2026-12-02-0016-upsert-history': upsertHistory,
  '2026-12-02-0017-chat-message-file-uploads': chatMessageFileUploads,
  '2026-12-02-0018-workspace-shares': workspaceShares,
  '2026-12-02-0019-invitations': invitations,
  '2026-12-02-0020-audit-log': auditLog,
  '2026-12-02-0021-sso-configs': ssoConfigs,
}
