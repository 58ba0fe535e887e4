/** The four layouts of SPEC §2. */
export type Layout = 'main' | 'canvas' | 'public' | 'auth'

export interface RouteRule {
  /** react-router pattern, e.g. `/document-stores/:storeId`. */
  path: string
  layout: Layout
  title: string
  /** Comma-separated permission ids, any of which grants access; absent when none is named. */
  permission?: string
  /** Feature flag that must be on (cloud, enterprise) or that closes the route (open source). */
  display?: string
}

const main = (path: string, title: string, permission?: string, display?: string): RouteRule => ({
  path,
  layout: 'main',
  title,
  ...(permission ? { permission } : {}),
  ...(display ? { display } : {}),
})

const TEMPLATES = 'templates:marketplace,templates:custom'

/** Every route of SPEC §2 with its permission and flag; the web router and the guard read this. */
export const ROUTES: readonly RouteRule[] = [
  main('/', 'Chatflows', 'chatflows:view'),
  main('/chatflows', 'Chatflows', 'chatflows:view'),
  main('/agentflows', 'Agentflows', 'agentflows:view'),
  main('/executions', 'Executions', 'executions:view'),
  main('/marketplaces', 'Marketplaces', TEMPLATES),
  main('/apikey', 'API Keys', 'apikeys:view'),
  main('/tools', 'Tools', 'tools:view'),
  main('/assistants', 'Assistants', 'assistants:view'),
  main('/assistants/custom', 'Custom Assistants', 'assistants:view'),
  main('/assistants/custom/:id', 'Custom Assistant', 'assistants:view'),
  main('/assistants/openai', 'OpenAI Assistants', 'assistants:view'),
  main('/credentials', 'Credentials', 'credentials:view'),
  main('/variables', 'Variables', 'variables:view'),
  main('/document-stores', 'Document Stores', 'documentStores:view'),
  main('/document-stores/:storeId', 'Document Store'),
  main('/document-stores/chunks/:storeId/:fileId', 'Document Chunks'),
  main('/document-stores/:storeId/:name', 'Document Loader'),
  main('/document-stores/vector/:storeId', 'Vector Store'),
  main('/document-stores/vector/:storeId/:docId', 'Vector Store'),
  main('/document-stores/query/:storeId', 'Retrieval Query'),
  main('/datasets', 'Datasets', 'datasets:view', 'feat:datasets'),
  main('/dataset_rows/:id', 'Dataset Rows', 'datasets:view', 'feat:datasets'),
  main('/evaluations', 'Evaluations', 'evaluations:view', 'feat:evaluations'),
  main('/evaluation_results/:id', 'Evaluation Results', 'evaluations:view', 'feat:evaluations'),
  main('/evaluators', 'Evaluators', 'evaluators:view', 'feat:evaluators'),
  main('/logs', 'Logs', 'logs:view', 'feat:logs'),
  // Queue mode is in every edition, so its screen needs no feature: the same people as the logs.
  main('/queue', 'Queue', 'logs:view'),
  main('/files', 'Files', undefined, 'feat:files'),
  main('/account', 'Account Settings', undefined, 'feat:account'),
  main('/users', 'Users', 'users:manage', 'feat:users'),
  main('/user-profile', 'Profile'),
  main('/roles', 'Roles', 'roles:manage', 'feat:roles'),
  main('/login-activity', 'Login Activity', 'loginActivity:view', 'feat:login-activity'),
  main('/workspaces', 'Workspaces', 'workspace:view', 'feat:workspaces'),
  main('/workspace-users/:id', 'Workspace Users', 'workspace:view', 'feat:workspaces'),
  main('/sso-config', 'SSO Config', 'sso:manage', 'feat:sso-config'),
  main('/sso-success', 'Signing in'),
  { path: '/canvas', layout: 'canvas', title: 'Chatflow', permission: 'chatflows:view' },
  { path: '/canvas/:id', layout: 'canvas', title: 'Chatflow', permission: 'chatflows:view' },
  { path: '/agentcanvas', layout: 'canvas', title: 'Agentflow', permission: 'agentflows:view' },
  { path: '/agentcanvas/:id', layout: 'canvas', title: 'Agentflow', permission: 'agentflows:view' },
  { path: '/v2/agentcanvas', layout: 'canvas', title: 'Agentflow', permission: 'agentflows:view' },
  { path: '/v2/agentcanvas/:id', layout: 'canvas', title: 'Agentflow', permission: 'agentflows:view' },
  { path: '/marketplace/:id', layout: 'canvas', title: 'Template', permission: TEMPLATES },
  { path: '/v2/marketplace/:id', layout: 'canvas', title: 'Template', permission: TEMPLATES },
  { path: '/chatbot/:id', layout: 'public', title: 'Chatbot' },
  { path: '/execution/:id', layout: 'public', title: 'Execution' },
  ...[
    ['/login', 'Login'],
    ['/signin', 'Login'],
    ['/register', 'Register'],
    ['/verify', 'Verify Email'],
    ['/forgot-password', 'Forgot Password'],
    ['/reset-password', 'Reset Password'],
    ['/unauthorized', 'Unauthorized'],
    ['/organization-setup', 'Organization Setup'],
    ['/license-expired', 'License Expired'],
  ].map(([path, title]): RouteRule => ({ path: path!, layout: 'auth', title: title! })),
]

/** The default landing path (SPEC §9). */
export const DEFAULT_PATH = '/chatflows'
