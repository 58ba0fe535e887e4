import { describe, expect, it } from 'vitest'
import { omitMetadataKeys, storeStatusOf } from './document-store-rules.js'

describe('storeStatusOf', () => {
  it('follows the loaders', () => {
    expect(storeStatusOf([])).toBe('EMPTY')
    expect(storeStatusOf(['NEW'])).toBe('NEW')
    expect(storeStatusOf(['SYNC', 'NEW'])).toBe('NEW')
    expect(storeStatusOf(['SYNC', 'SYNC'])).toBe('SYNC')
    expect(storeStatusOf(['SYNC', 'ERROR'])).toBe('STALE')
    expect(storeStatusOf(['STALE', 'NEW'])).toBe('STALE')
    expect(storeStatusOf(['SYNC', 'SYNCING', 'ERROR'])).toBe('SYNCING')
  })

  it('says UPSERTING while an upsert runs, UPSERTED while the last one matches processed chunks', () => {
    expect(storeStatusOf(['SYNC'], 'running')).toBe('UPSERTING')
    expect(storeStatusOf(['SYNC', 'SYNC'], 'current')).toBe('UPSERTED')
    expect(storeStatusOf(['SYNC', 'SYNCING'], 'current')).toBe('SYNCING')
    expect(storeStatusOf(['SYNC', 'NEW'], 'current')).toBe('NEW')
    expect(storeStatusOf([], 'current')).toBe('EMPTY')
    expect(storeStatusOf(['SYNC', 'SYNC'], 'outdated')).toBe('STALE')
    expect(storeStatusOf(['SYNC', 'SYNCING'], 'outdated')).toBe('SYNCING')
  })
})

describe('omitMetadataKeys', () => {
  const metadata = { source: 'a.csv', row: 3, loc: { lines: { from: 1, to: 2 } }, team: 'sales' }

  it('drops the listed keys, spaces allowed', () => {
    expect(omitMetadataKeys(metadata, ' row , loc', { team: 'sales' })).toEqual({ source: 'a.csv', team: 'sales' })
  })

  it('keeps only the added keys for *', () => {
    expect(omitMetadataKeys(metadata, '*', { team: 'sales' })).toEqual({ team: 'sales' })
  })

  it('keeps everything when nothing is omitted', () => {
    expect(omitMetadataKeys(metadata, undefined, {})).toBe(metadata)
    expect(omitMetadataKeys(metadata, ' , ', {})).toBe(metadata)
  })
})
