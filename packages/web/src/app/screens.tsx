import type { RouteRule } from '@weft/core'
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react'
import { matchPath } from 'react-router'
import LoadingScreen from '../components/LoadingScreen'
import ForgotPasswordPage from '../features/forgot-password/ForgotPasswordPage'
import LicenseExpiredPage from '../features/license-expired/LicenseExpiredPage'
import LoginPage from '../features/login/LoginPage'
import OrganizationSetupPage from '../features/organization-setup/OrganizationSetupPage'
import PublicPlaceholder from '../features/placeholder/PublicPlaceholder'
import ScreenPlaceholder from '../features/placeholder/ScreenPlaceholder'
import RegisterPage from '../features/register/RegisterPage'
import ResetPasswordPage from '../features/reset-password/ResetPasswordPage'
import UnauthorizedPage from '../features/unauthorized/UnauthorizedPage'
import UserProfilePage from '../features/user-profile/UserProfilePage'
import VerifyPage from '../features/verify/VerifyPage'

type ScreenModule = Promise<{ default: ComponentType }>
type LazyScreen = LazyExoticComponent<ComponentType> & { preload: () => ScreenModule }

// Lists and canvases load on demand, so the first page a user opens stays light; `preload` lets the
// opening page fetch its code while the settings load instead of after.
// `alsoNeeded` names code the screen loads on its own right after (the canvas's drawing code).
const lazyScreen = (load: () => ScreenModule, ...alsoNeeded: (() => Promise<unknown>)[]): LazyScreen =>
  Object.assign(lazy(load), {
    preload: () => {
      for (const next of alsoNeeded) void next()
      return load()
    },
  })
const drawingCode = () => import('../features/canvas/FlowCanvas')

const ChatflowsPage = lazyScreen(() => import('../features/flows/ChatflowsPage'))
const AgentflowsPage = lazyScreen(() => import('../features/flows/AgentflowsPage'))
const AssistantsPage = lazyScreen(() => import('../features/assistants/AssistantsPage'))
const CustomAssistantsPage = lazyScreen(() => import('../features/assistants/CustomAssistantsPage'))
const CustomAssistantPage = lazyScreen(() => import('../features/assistants/CustomAssistantPage'))
const OpenAIAssistantsPage = lazyScreen(() => import('../features/assistants/OpenAIAssistantsPage'))
const MarketplacesPage = lazyScreen(() => import('../features/marketplace/MarketplacesPage'))
const CanvasPage = lazyScreen(() => import('../features/canvas/CanvasPage'), drawingCode)
const TemplateCanvasPage = lazyScreen(() => import('../features/canvas/TemplateCanvasPage'), drawingCode)
const ChatbotPage = lazyScreen(() => import('../features/chatbot/ChatbotPage'))
const CredentialsPage = lazyScreen(() => import('../features/credentials/CredentialsPage'))
const VariablesPage = lazyScreen(() => import('../features/variables/VariablesPage'))
const ToolsPage = lazyScreen(() => import('../features/tools/ToolsPage'))
const ApiKeysPage = lazyScreen(() => import('../features/apikey/ApiKeysPage'))
const ExecutionsPage = lazyScreen(() => import('../features/executions/ExecutionsPage'))
const PublicExecutionPage = lazyScreen(() => import('../features/executions/PublicExecutionPage'))
const DocumentStoresPage = lazyScreen(() => import('../features/document-stores/DocumentStoresPage'))
const DocumentStorePage = lazyScreen(() => import('../features/document-stores/DocumentStorePage'))
const LoaderConfigPage = lazyScreen(() => import('../features/document-stores/LoaderConfigPage'))
const ChunksPage = lazyScreen(() => import('../features/document-stores/ChunksPage'))
const VectorConfigPage = lazyScreen(() => import('../features/document-stores/VectorConfigPage'))
const QueryPage = lazyScreen(() => import('../features/document-stores/QueryPage'))
const WorkspacesPage = lazyScreen(() => import('../features/workspaces/WorkspacesPage'))
const WorkspaceUsersPage = lazyScreen(() => import('../features/workspaces/WorkspaceUsersPage'))
const UsersPage = lazyScreen(() => import('../features/users/UsersPage'))
const RolesPage = lazyScreen(() => import('../features/roles/RolesPage'))
const LoginActivityPage = lazyScreen(() => import('../features/login-activity/LoginActivityPage'))
const LogsPage = lazyScreen(() => import('../features/logs/LogsPage'))
const QueuePage = lazyScreen(() => import('../features/queue/QueuePage'))
const FilesPage = lazyScreen(() => import('../features/files/FilesPage'))
const SsoConfigPage = lazyScreen(() => import('../features/sso/SsoConfigPage'))
const SsoSuccessPage = lazyScreen(() => import('../features/sso/SsoSuccessPage'))

/** Screens that are built, by route path. Every other route shows its layout's placeholder. */
const SCREENS: Record<string, ComponentType> = {
  '/login': LoginPage,
  '/signin': LoginPage,
  '/register': RegisterPage,
  '/verify': VerifyPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/unauthorized': UnauthorizedPage,
  '/organization-setup': OrganizationSetupPage,
  '/license-expired': LicenseExpiredPage,
  '/user-profile': UserProfilePage,
  '/': ChatflowsPage,
  '/chatflows': ChatflowsPage,
  '/agentflows': AgentflowsPage,
  '/marketplaces': MarketplacesPage,
  '/assistants': AssistantsPage,
  '/assistants/custom': CustomAssistantsPage,
  '/assistants/custom/:id': CustomAssistantPage,
  '/assistants/openai': OpenAIAssistantsPage,
  '/canvas': CanvasPage,
  '/canvas/:id': CanvasPage,
  '/agentcanvas': CanvasPage,
  '/agentcanvas/:id': CanvasPage,
  '/v2/agentcanvas': CanvasPage,
  '/v2/agentcanvas/:id': CanvasPage,
  '/marketplace/:id': TemplateCanvasPage,
  '/v2/marketplace/:id': TemplateCanvasPage,
  '/chatbot/:id': ChatbotPage,
  '/credentials': CredentialsPage,
  '/variables': VariablesPage,
  '/tools': ToolsPage,
  '/apikey': ApiKeysPage,
  '/executions': ExecutionsPage,
  '/execution/:id': PublicExecutionPage,
  '/document-stores': DocumentStoresPage,
  '/document-stores/:storeId': DocumentStorePage,
  '/document-stores/chunks/:storeId/:fileId': ChunksPage,
  // Before '/document-stores/:storeId/:name', which preloadScreen would otherwise match first.
  '/document-stores/vector/:storeId': VectorConfigPage,
  '/document-stores/vector/:storeId/:docId': VectorConfigPage,
  '/document-stores/query/:storeId': QueryPage,
  '/document-stores/:storeId/:name': LoaderConfigPage,
  '/workspaces': WorkspacesPage,
  '/workspace-users/:id': WorkspaceUsersPage,
  '/users': UsersPage,
  '/roles': RolesPage,
  '/login-activity': LoginActivityPage,
  '/logs': LogsPage,
  '/queue': QueuePage,
  '/files': FilesPage,
  '/sso-config': SsoConfigPage,
  '/sso-success': SsoSuccessPage,
}

/** Starts loading the code of the screen at `pathname`, if it loads on demand. */
export function preloadScreen(pathname: string): void {
  const path = Object.keys(SCREENS).find((pattern) => matchPath(pattern, pathname))
  const screen = path ? (SCREENS[path] as Partial<LazyScreen>) : undefined
  void screen?.preload?.()
}

export function screenFor(rule: RouteRule): ReactElement {
  const Screen = SCREENS[rule.path]
  if (Screen)
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Screen />
      </Suspense>
    )
  if (rule.layout === 'public') return <PublicPlaceholder rule={rule} />
  return <ScreenPlaceholder rule={rule} />
}
