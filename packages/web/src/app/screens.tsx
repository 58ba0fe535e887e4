import type { RouteRule } from '@weft/core'
import type { ComponentType, ReactElement } from 'react'
import ForgotPasswordPage from '../features/forgot-password/ForgotPasswordPage'
import LicenseExpiredPage from '../features/license-expired/LicenseExpiredPage'
import LoginPage from '../features/login/LoginPage'
import OrganizationSetupPage from '../features/organization-setup/OrganizationSetupPage'
import CanvasPlaceholder from '../features/placeholder/CanvasPlaceholder'
import PublicPlaceholder from '../features/placeholder/PublicPlaceholder'
import ScreenPlaceholder from '../features/placeholder/ScreenPlaceholder'
import RegisterPage from '../features/register/RegisterPage'
import ResetPasswordPage from '../features/reset-password/ResetPasswordPage'
import UnauthorizedPage from '../features/unauthorized/UnauthorizedPage'
import UserProfilePage from '../features/user-profile/UserProfilePage'
import VerifyPage from '../features/verify/VerifyPage'

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
}

export function screenFor(rule: RouteRule): ReactElement {
  const Screen = SCREENS[rule.path]
  if (Screen) return <Screen />
  if (rule.layout === 'canvas') return <CanvasPlaceholder />
  if (rule.layout === 'public') return <PublicPlaceholder rule={rule} />
  return <ScreenPlaceholder rule={rule} />
}
