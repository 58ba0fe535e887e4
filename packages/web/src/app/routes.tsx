import { ROUTES, type Layout, type RouteRule } from '@weft/core'
import type { RouteObject } from 'react-router'
import NotFoundPage from '../features/not-found/NotFoundPage'
import AuthLayout from './layouts/AuthLayout'
import CanvasLayout from './layouts/CanvasLayout'
import MainLayout from './layouts/MainLayout'
import PublicLayout from './layouts/PublicLayout'
import Root from './Root'
import RouteGuard from './RouteGuard'
import { screenFor } from './screens'
import type { RouteHandle } from './useRouteRule'

const NOT_FOUND: RouteRule = { path: '*', layout: 'main', title: 'Page not found' }

const route = (rule: RouteRule, element = screenFor(rule)): RouteObject => ({
  path: rule.path,
  element,
  handle: { rule } satisfies RouteHandle,
})

const routesOf = (layout: Layout): RouteObject[] =>
  ROUTES.filter((rule) => rule.layout === layout).map((rule) => route(rule))

/** Every route of core's table, grouped under its layout; unknown paths land in the main layout. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: (
          <RouteGuard>
            <MainLayout />
          </RouteGuard>
        ),
        children: [...routesOf('main'), route(NOT_FOUND, <NotFoundPage />)],
      },
      {
        element: (
          <RouteGuard>
            <CanvasLayout />
          </RouteGuard>
        ),
        children: routesOf('canvas'),
      },
      { element: <PublicLayout />, children: routesOf('public') },
      { element: <AuthLayout />, children: routesOf('auth') },
    ],
  },
]
