import { isControlShown, type AccessContext } from '../auth/access.js'

export interface MenuItem {
  id: string
  title: string
  url: string
  /** Name of the icon the web app draws for it. */
  icon: string
  permission?: string
  display?: string
}

export interface MenuGroup {
  id: string
  title: string
  items: MenuItem[]
}

/** The side menu of SPEC §2: four groups, in order. */
export const MENU: readonly MenuGroup[] = [
  {
    id: 'primary',
    title: '',
    items: [
      { id: 'chatflows', title: 'Chatflows', url: '/chatflows', icon: 'hierarchy', permission: 'chatflows:view' },
      { id: 'agentflows', title: 'Agentflows', url: '/agentflows', icon: 'robot', permission: 'agentflows:view' },
      { id: 'executions', title: 'Executions', url: '/executions', icon: 'list-check', permission: 'executions:view' },
      { id: 'assistants', title: 'Assistants', url: '/assistants', icon: 'assistant', permission: 'assistants:view' },
      {
        id: 'marketplaces',
        title: 'Marketplaces',
        url: '/marketplaces',
        icon: 'store',
        permission: 'templates:marketplace,templates:custom',
      },
      { id: 'tools', title: 'Tools', url: '/tools', icon: 'tool', permission: 'tools:view' },
      { id: 'credentials', title: 'Credentials', url: '/credentials', icon: 'lock', permission: 'credentials:view' },
      { id: 'variables', title: 'Variables', url: '/variables', icon: 'variable', permission: 'variables:view' },
      { id: 'apikey', title: 'API Keys', url: '/apikey', icon: 'key', permission: 'apikeys:view' },
      {
        id: 'document-stores',
        title: 'Document Stores',
        url: '/document-stores',
        icon: 'files',
        permission: 'documentStores:view',
      },
    ],
  },
  {
    id: 'evaluations',
    title: 'Evaluations',
    items: [
      {
        id: 'datasets',
        title: 'Datasets',
        url: '/datasets',
        icon: 'database',
        permission: 'datasets:view',
        display: 'feat:datasets',
      },
      {
        id: 'evaluators',
        title: 'Evaluators',
        url: '/evaluators',
        icon: 'test',
        permission: 'evaluators:view',
        display: 'feat:evaluators',
      },
      {
        id: 'evaluations',
        title: 'Evaluations',
        url: '/evaluations',
        icon: 'chart',
        permission: 'evaluations:view',
        display: 'feat:evaluations',
      },
    ],
  },
  {
    id: 'management',
    title: 'User & Workspace Management',
    items: [
      {
        id: 'sso',
        title: 'SSO Config',
        url: '/sso-config',
        icon: 'shield',
        permission: 'sso:manage',
        display: 'feat:sso-config',
      },
      { id: 'roles', title: 'Roles', url: '/roles', icon: 'badge', permission: 'roles:manage', display: 'feat:roles' },
      { id: 'users', title: 'Users', url: '/users', icon: 'users', permission: 'users:manage', display: 'feat:users' },
      {
        id: 'workspaces',
        title: 'Workspaces',
        url: '/workspaces',
        icon: 'stack',
        permission: 'workspace:view',
        display: 'feat:workspaces',
      },
      {
        id: 'login-activity',
        title: 'Login Activity',
        url: '/login-activity',
        icon: 'history',
        permission: 'loginActivity:view',
        display: 'feat:login-activity',
      },
    ],
  },
  {
    id: 'others',
    title: 'Others',
    items: [
      { id: 'logs', title: 'Logs', url: '/logs', icon: 'logs', permission: 'logs:view', display: 'feat:logs' },
      { id: 'queue', title: 'Queue', url: '/queue', icon: 'queue', permission: 'logs:view', display: 'feat:queue' },
      { id: 'account', title: 'Account Settings', url: '/account', icon: 'settings', display: 'feat:account' },
    ],
  },
]

/** The groups as the user sees them: items without their permission or flag removed, empty groups dropped. */
export function visibleMenu(ctx: AccessContext, menu: readonly MenuGroup[] = MENU): MenuGroup[] {
  return menu
    .map((group) => ({ ...group, items: group.items.filter((item) => isControlShown(ctx, item)) }))
    .filter((group) => group.items.length > 0)
}
