/** What a screen that is not built yet says about itself; `icon` is a core menu icon name. */
export interface ScreenInfo {
  icon: string
  description: string
  empty: string
  action?: { label: string; to: string }
}

const chatflows: ScreenInfo = {
  icon: 'hierarchy',
  description: 'Build chat flows by wiring models, prompts, memory and tools together on a canvas.',
  empty: 'No chatflows yet',
  action: { label: 'Add New', to: '/canvas' },
}

const documentStore = (description: string): ScreenInfo => ({ icon: 'files', description, empty: 'Nothing here yet' })

/** Keyed by route path, as in core's ROUTES. */
export const SCREEN_INFO: Record<string, ScreenInfo> = {
  '/': chatflows,
  '/chatflows': chatflows,
  '/agentflows': {
    icon: 'robot',
    description: 'Design agents that plan, branch, loop and call tools, step by step.',
    empty: 'No agentflows yet',
    action: { label: 'Add New', to: '/v2/agentcanvas' },
  },
  '/executions': { icon: 'list-check', description: 'Every agentflow run, with the inputs, outputs and timing of each step.', empty: 'No executions yet' },
  '/marketplaces': { icon: 'store', description: 'Ready-made flows and tools to start from, and the templates your team saved.', empty: 'No templates yet' },
  '/apikey': { icon: 'key', description: 'Keys that let other applications call your flows.', empty: 'No API keys yet' },
  '/tools': { icon: 'tool', description: 'Custom tools your agents can call, written as functions with a schema.', empty: 'No tools yet' },
  '/assistants': { icon: 'assistant', description: 'Assistants that answer with your instructions, tools and documents.', empty: 'No assistants yet' },
  '/assistants/custom': { icon: 'assistant', description: 'Assistants built on any chat model you choose.', empty: 'No custom assistants yet' },
  '/assistants/custom/:id': { icon: 'assistant', description: 'Instructions, model and tools of this assistant.', empty: 'Nothing here yet' },
  '/assistants/openai': { icon: 'assistant', description: 'Assistants hosted by OpenAI, managed from here.', empty: 'No OpenAI assistants yet' },
  '/credentials': { icon: 'lock', description: 'API keys and secrets for the services your flows connect to, stored encrypted.', empty: 'No credentials yet' },
  '/variables': { icon: 'variable', description: 'Values your flows can read at run time, static or from the environment.', empty: 'No variables yet' },
  '/document-stores': { icon: 'files', description: 'Load, split and embed documents so your flows can retrieve them.', empty: 'No document stores yet' },
  '/document-stores/:storeId': documentStore('The loaders and files of this document store.'),
  '/document-stores/chunks/:storeId/:fileId': documentStore('The chunks a file was split into, ready to edit.'),
  '/document-stores/:storeId/:name': documentStore('Configure a loader and its text splitter, then preview the chunks.'),
  '/document-stores/vector/:storeId': documentStore('Upsert this store into a vector database with the embeddings you choose.'),
  '/document-stores/vector/:storeId/:docId': documentStore('Upsert one document into the vector database.'),
  '/document-stores/query/:storeId': documentStore('Try retrieval queries against this store.'),
  '/datasets': { icon: 'database', description: 'Question and answer sets to evaluate your flows against.', empty: 'No datasets yet' },
  '/dataset_rows/:id': { icon: 'database', description: 'The rows of this dataset.', empty: 'No rows yet' },
  '/evaluations': { icon: 'chart', description: 'Run flows over datasets and compare their answers, cost and speed.', empty: 'No evaluations yet' },
  '/evaluation_results/:id': { icon: 'chart', description: 'The results of this evaluation, row by row.', empty: 'No results yet' },
  '/evaluators': { icon: 'test', description: 'Rules and model judges that score answers.', empty: 'No evaluators yet' },
  '/logs': { icon: 'logs', description: 'Server logs, filtered by time and level.', empty: 'No logs yet' },
  '/files': { icon: 'files', description: 'Files uploaded to your flows and chats.', empty: 'No files yet' },
  '/account': { icon: 'settings', description: 'Your plan, seats, usage and billing.', empty: 'Nothing here yet' },
  '/users': { icon: 'users', description: 'Invite people to your organization and manage their access.', empty: 'No users yet' },
  '/roles': { icon: 'badge', description: 'Roles group permissions you can give to users in a workspace.', empty: 'No roles yet' },
  '/login-activity': { icon: 'history', description: 'Who signed in, when and how.', empty: 'No activity yet' },
  '/workspaces': { icon: 'stack', description: 'Workspaces keep flows, credentials and people apart.', empty: 'No workspaces yet' },
  '/workspace-users/:id': { icon: 'users', description: 'The people in this workspace and their roles.', empty: 'No users yet' },
  '/sso-config': { icon: 'shield', description: 'Let people sign in with your identity provider.', empty: 'No providers configured' },
  '/sso-success': { icon: 'shield', description: 'Finishing your single sign-on.', empty: 'Signing you in' },
}
