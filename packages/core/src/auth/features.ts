import type { Features, PlatformType } from '../types/user.js'
import { PERMISSIONS } from './permissions.js'

/** Feature flags that gate routes and menu items (SPEC §2). */
export const FEATURE_FLAGS = [
  'feat:datasets',
  'feat:evaluations',
  'feat:evaluators',
  'feat:logs',
  'feat:files',
  'feat:account',
  'feat:users',
  'feat:roles',
  'feat:login-activity',
  'feat:workspaces',
  'feat:sso-config',
] as const

export type FeatureFlag = (typeof FEATURE_FLAGS)[number]

/** Everything a self-hosted enterprise licence turns on; account billing is cloud's alone. */
const ENTERPRISE_FLAGS: readonly FeatureFlag[] = FEATURE_FLAGS.filter((flag) => flag !== 'feat:account')

export type CloudPlan = 'free' | 'starter' | 'pro' | 'enterprise'

const CLOUD_PLAN_FLAGS: Record<CloudPlan, readonly FeatureFlag[]> = {
  free: ['feat:account'],
  starter: ['feat:account', 'feat:files'],
  pro: [
    'feat:account',
    'feat:files',
    'feat:datasets',
    'feat:evaluations',
    'feat:evaluators',
    'feat:users',
    'feat:workspaces',
    'feat:login-activity',
  ],
  enterprise: [...FEATURE_FLAGS],
}

const toFeatures = (flags: readonly FeatureFlag[]): Features => Object.fromEntries(flags.map((flag) => [flag, true]))

/**
 * Says the server runs in queue mode, so the Queue screen has something to show: set on open source
 * and enterprise when MODE=queue; never on cloud, whose one queue holds every organization's jobs.
 */
export const QUEUE_FEATURE = 'feat:queue'

/**
 * The features map the server sends at login: empty on open source (no feature checks there),
 * the licence's flags on enterprise, the plan's flags on cloud; and the Queue screen's flag in
 * queue mode, outside cloud.
 */
export function featuresFor(platform: PlatformType, plan: CloudPlan = 'free', queueMode = false): Features {
  const queue: Features = queueMode && platform !== 'cloud' ? { [QUEUE_FEATURE]: true } : {}
  if (platform === 'enterprise') return { ...toFeatures(ENTERPRISE_FLAGS), ...queue }
  if (platform === 'cloud') return toFeatures(CLOUD_PLAN_FLAGS[plan])
  return queue
}

/**
 * The permission list the server sends: every permission for organization admins,
 * the role's otherwise. On open source no check is made, so the list is informative only.
 */
export function permissionsFor(isOrganizationAdmin: boolean, rolePermissions: readonly string[]): string[] {
  if (isOrganizationAdmin) return [...PERMISSIONS]
  return PERMISSIONS.filter((permission) => rolePermissions.includes(permission))
}
