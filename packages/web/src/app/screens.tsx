import type { RouteRule } from '@weft/core'
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react'
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

// Lists and canvases load on demand, so the first page a user opens stays light.
const ChatflowsPage = lazy(() => import('../features/flows/ChatflowsPage'))
const AgentflowsPage = lazy(() => import('../features/flows/AgentflowsPage'))
const MarketplacesPage = lazy(() => import('../features/marketplace/MarketplacesPage'))
const CanvasPage = lazy(() => import('../features/canvas/CanvasPage'))
const TemplateCanvasPage = lazy(() => import('../features/canvas/TemplateCanvasPage'))
const ChatbotPage = lazy(() => import('../features/chatbot/ChatbotPage'))
const CredentialsPage = lazy(() => import('../features/credentials/CredentialsPage'))
const VariablesPage = lazy(() => import('../features/variables/VariablesPage'))
const ApiKeysPage = lazy(() => import('../features/apikey/ApiKeysPage'))

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
  '/apikey': ApiKeysPage,
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
