import { describe, expect, it } from 'vitest'
import { BUNDLE_GROUPS, emptyBundle, groupsOfFlags } from './bundle.js'
import { ALL_EXPORT_FLAGS } from './export-types.js'

describe('the bundle groups (SPEC §3)', () => {
  it('lists every group, each empty in an empty bundle, with Flowise’s file name', () => {
    expect(Object.keys(emptyBundle())).toEqual(['FileDefaultName', ...BUNDLE_GROUPS])
    expect(emptyBundle().FileDefaultName).toBe('ExportData.json')
  })

  it('fills the groups of the chosen flags only', () => {
    expect([...groupsOfFlags({ chatflow: true, tool: false, document_store: true, assistantCustom: true })]).toEqual([
      'AssistantCustom',
      'AssistantFlow',
      'ChatFlow',
      'DocumentStore',
      'DocumentStoreFileChunk',
    ])
    const all = groupsOfFlags(Object.fromEntries(ALL_EXPORT_FLAGS.map((flag) => [flag, true])))
    expect([...all].sort()).toEqual([...BUNDLE_GROUPS].sort())
  })
})
