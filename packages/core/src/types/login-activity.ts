import type { LoginActivityKind } from '../audit/activity.js'

/** One page of a log as GET /login-activity and GET /audit-logs answer it, with how many match in all. */
export interface ActivityPage<T> {
  data: T[]
  total: number
  page: number
  limit: number
}

/** One sign-in attempt as GET /login-activity answers it (Flowise's LoginActivity names). */
export interface LoginActivityEntry {
  id: string
  userId: string | null
  /** The e-mail the attempt named. */
  username: string
  name: string | null
  activityCode: LoginActivityKind | string
  message: string
  ip: string | null
  userAgent: string | null
  attemptedDateTime: string
}
