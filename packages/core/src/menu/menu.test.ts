import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { MENU, visibleMenu, type MenuGroup } from './menu.js'
import type { AccessContext } from '../auth/access.js'
import { PERMISSIONS } from '../auth/permissions.js'
import { FEATURE_FLAGS, QUEUE_FEATURE, featuresFor, permissionsFor } from '../auth/features.js'
import { ROUTES } from '../routes/route-table.js'
import type { PlatformType } from '../types/user.js'

const ctx = (over: Partial<AccessContext> = {}): AccessContext => ({
  platform: 'enterprise',
  isGlobal: false,
  permissions: [],
  features: {},
  activeWorkspaceId: 'ws-1',
  ...over,
})

const titles = (groups: MenuGroup[]) => groups.map((g) => ({ group: g.title, items: g.items.map((i) => i.title) }))

const PRIMARY = [
  'Chatflows',
  'Agentflows',
  'Executions',
  'Assistants',
  'Marketplaces',
  'Tools',
  'Credentials',
  'Variables',
  'API Keys',
  'Document Stores',
]
const EVALUATIONS = ['Datasets', 'Evaluators', 'Evaluations']
const MANAGEMENT = ['SSO Config', 'Roles', 'Users', 'Workspaces', 'Login Activity']

describe('MENU structure (SPEC §2 side menu)', () => {
  it('has the four groups in SPEC order with the SPEC items in order', () => {
    expect(MENU.map((g) => g.items.map((i) => i.title))).toEqual([
      PRIMARY,
      EVALUATIONS,
      MANAGEMENT,
      ['Logs', 'Queue', 'Account Settings'],
    ])
    expect(MENU.slice(1).map((g) => g.title)).toEqual(['Evaluations', 'User & Workspace Management', 'Others'])
  })

  it('every item links to a main-layout route with the same permission and flag (the Queue: its page stays open, saying when queue mode is off)', () => {
    for (const item of MENU.flatMap((g) => g.items)) {
      const r = ROUTES.find((x) => x.path === item.url)
      expect(r, item.url).toBeDefined()
      expect(r!.layout).toBe('main')
      expect(item.permission, item.url).toBe(r!.permission)
      expect(item.display, item.url).toBe(item.display === QUEUE_FEATURE ? QUEUE_FEATURE : r!.display)
    }
    expect(ROUTES.find((x) => x.path === '/queue')?.display).toBeUndefined()
  })

  it('item ids are unique', () => {
    const ids = MENU.flatMap((g) => g.items.map((i) => i.id))
    expect(new Set(ids).size).toBe(ids.length)
  })
})

describe('visibleMenu', () => {
  it('open source (empty features) shows the primary group with all 10 items in order, and nothing else', () => {
    const menu = visibleMenu(ctx({ platform: 'open source', permissions: [], features: featuresFor('open source') }))
    expect(titles(menu)).toEqual([{ group: '', items: PRIMARY }])
  })

  it('open source in queue mode adds the Queue under Others', () => {
    const menu = visibleMenu(
      ctx({ platform: 'open source', permissions: [], features: featuresFor('open source', 'free', true) }),
    )
    expect(titles(menu)).toEqual([
      { group: '', items: PRIMARY },
      { group: 'Others', items: ['Queue'] },
    ])
  })

  it('enterprise org admin with all enterprise features sees all 4 groups; Others shows Logs and Queue', () => {
    const menu = visibleMenu(
      ctx({
        platform: 'enterprise',
        isGlobal: true,
        permissions: permissionsFor(true, []),
        features: featuresFor('enterprise', 'free', true),
      }),
    )
    expect(titles(menu)).toEqual([
      { group: '', items: PRIMARY },
      { group: 'Evaluations', items: EVALUATIONS },
      { group: 'User & Workspace Management', items: MANAGEMENT },
      { group: 'Others', items: ['Logs', 'Queue'] },
    ])
  })

  it('cloud enterprise-plan org admin also sees Account Settings', () => {
    const menu = visibleMenu(
      ctx({
        platform: 'cloud',
        isGlobal: true,
        permissions: permissionsFor(true, []),
        features: featuresFor('cloud', 'enterprise'),
      }),
    )
    // Never the Queue on cloud: its one queue holds every organization's jobs.
    expect(menu.at(-1)!.items.map((i) => i.title)).toEqual(['Logs', 'Account Settings'])
    expect(menu.flatMap((g) => g.items)).toHaveLength(20)
  })

  it("an enterprise member with only 'chatflows:view' sees only Chatflows", () => {
    const menu = visibleMenu(
      ctx({ platform: 'enterprise', permissions: ['chatflows:view'], features: featuresFor('enterprise') }),
    )
    expect(titles(menu)).toEqual([{ group: '', items: ['Chatflows'] }])
  })

  it('a cloud free-plan member sees their primary items, and under Others Account Settings (never the Queue)', () => {
    const menu = visibleMenu(
      ctx({
        platform: 'cloud',
        permissions: ['tools:view', 'templates:custom', 'logs:view'],
        features: featuresFor('cloud', 'free', true),
      }),
    )
    expect(titles(menu)).toEqual([
      { group: '', items: ['Marketplaces', 'Tools'] },
      { group: 'Others', items: ['Account Settings'] },
    ])
  })

  it('an item with the permission but its flag off is hidden', () => {
    const menu = visibleMenu(
      ctx({
        permissions: ['datasets:view', 'evaluators:view'],
        features: { 'feat:datasets': true, 'feat:evaluators': 'false' },
      }),
    )
    expect(titles(menu)).toEqual([{ group: 'Evaluations', items: ['Datasets'] }])
  })

  it("the flag given as the text 'true' counts", () => {
    const menu = visibleMenu(ctx({ permissions: ['users:manage'], features: { 'feat:users': 'true' } }))
    expect(titles(menu)).toEqual([{ group: 'User & Workspace Management', items: ['Users'] }])
  })

  it('a user who can see nothing gets an empty menu', () => {
    expect(visibleMenu(ctx({ permissions: [], features: {} }))).toEqual([])
  })

  it('a group with no visible item is dropped, from a custom menu too', () => {
    const custom: MenuGroup[] = [
      { id: 'a', title: 'A', items: [{ id: 'x', title: 'X', url: '/x', icon: 'i', permission: 'tools:view' }] },
      { id: 'b', title: 'B', items: [{ id: 'y', title: 'Y', url: '/y', icon: 'i', permission: 'logs:view' }] },
      { id: 'c', title: 'C', items: [] },
    ]
    expect(visibleMenu(ctx({ permissions: ['logs:view'] }), custom).map((g) => g.id)).toEqual(['b'])
  })

  it('does not mutate MENU', () => {
    const before = JSON.stringify(MENU)
    visibleMenu(ctx({ permissions: ['chatflows:view'] }))
    expect(JSON.stringify(MENU)).toBe(before)
  })

  it('property: visible items are exactly those whose permission (any of, or global/open source) and flag pass, in MENU order, with no empty group', () => {
    const flagValue = fc.constantFrom<true | false | 'true' | 'false'>(true, false, 'true', 'false')
    fc.assert(
      fc.property(
        fc.constantFrom<PlatformType>('open source', 'enterprise', 'cloud'),
        fc.boolean(),
        fc.subarray([...PERMISSIONS]),
        fc.dictionary(fc.constantFrom(...FEATURE_FLAGS), flagValue),
        (platform, isGlobal, permissions, features) => {
          const menu = visibleMenu(ctx({ platform, isGlobal, permissions, features }))
          const expected = MENU.map((g) => ({
            id: g.id,
            items: g.items
              .filter((i) => {
                const wanted = (i.permission ?? '')
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean)
                const permOk =
                  !i.permission ||
                  platform === 'open source' ||
                  isGlobal ||
                  wanted.some((p) => (permissions as string[]).includes(p))
                const v = i.display ? features[i.display] : true
                return permOk && (v === true || v === 'true')
              })
              .map((i) => i.id),
          })).filter((g) => g.items.length > 0)
          expect(menu.map((g) => ({ id: g.id, items: g.items.map((i) => i.id) }))).toEqual(expected)
        },
      ),
    )
  })
})
