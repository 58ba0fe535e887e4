import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportAll, importAll, withoutIds } from '../test/bundles.js'
import { testDialects } from '../test/dialects.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, switchWorkspace } from '../test/workspace-members.js'
import { workspaceContent, writeContent } from '../test/workspace-content.js'

// Export → import into an empty workspace → export again gives the same file, ids aside: nothing a
// bundle carries is lost or changed on the way, and every reference follows the new ids (the
// records all get new ones, as the first workspace still holds theirs).

describe.each(testDialects())('export and import round trip on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeAll(async () => {
    t = await startTestApp({ dialect })
    admin = await setUpAdmin(t.app)
  })
  afterAll(() => t.close())

  it('property: an imported workspace exports as the one it came from', async () => {
    await fc.assert(
      fc.asyncProperty(workspaceContent, async (content) => {
        const source = await addWorkspace(t, admin)
        await writeContent(t.db, source, content)
        await switchWorkspace(admin, source)
        const first = await exportAll(admin)
        const flows =
          first.ChatFlow.length + first.AgentFlow.length + first.AgentFlowV2.length + first.AssistantFlow.length
        expect(flows).toBe(content.flows.length)
        expect(first.DocumentStore).toHaveLength(content.stores.length)

        await switchWorkspace(admin, await addWorkspace(t, admin))
        await importAll(admin, first)
        const second = await exportAll(admin)

        expect(withoutIds(second)).toBe(withoutIds(first))
        const ids = (bundle: typeof first) => new Set(JSON.stringify(bundle).match(/[0-9a-f]{8}-[0-9a-f-]{27}/g))
        const shared = [...ids(second)].filter((id) => ids(first).has(id))
        expect(shared).toEqual([])
      }),
      { numRuns: 20 },
    )
  })
})
