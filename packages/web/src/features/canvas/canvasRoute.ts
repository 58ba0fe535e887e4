import { CANVAS_OF_TYPE, type CanvasKind, type FlowType } from '@weft/core'

export interface CanvasRoute {
  kind: CanvasKind
  flowType: Exclude<FlowType, 'ASSISTANT'>
  /** The canvas path without an id, e.g. `/v2/agentcanvas`. */
  path: string
  /** The list this canvas returns to. */
  listPath: string
  /** What the header calls a flow of this kind. */
  noun: string
}

const ROUTES: CanvasRoute[] = (Object.keys(CANVAS_OF_TYPE) as CanvasRoute['flowType'][]).map((flowType) => ({
  flowType,
  ...CANVAS_OF_TYPE[flowType],
  listPath: flowType === 'CHATFLOW' ? '/chatflows' : '/agentflows',
  noun: flowType === 'CHATFLOW' ? 'Chatflow' : 'Agentflow',
}))

/** The canvas a path opens (`/v2/agentcanvas/1` → agentflow V2); chatflow when none matches. */
export function canvasRouteOf(pathname: string): CanvasRoute {
  return ROUTES.find((route) => pathname === route.path || pathname.startsWith(`${route.path}/`)) ?? ROUTES[0]!
}

export function canvasRouteOfKind(kind: CanvasKind): CanvasRoute {
  return ROUTES.find((route) => route.kind === kind)!
}
