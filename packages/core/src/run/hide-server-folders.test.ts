import { describe, expect, it } from 'vitest'
import { hideServerFolders } from './hide-server-folders.js'

describe('hideServerFolders', () => {
  it('writes paths inside a folder as the part below it, and the folder itself as "its folder"', () => {
    const folders = ['/tmp/weft-abc', '/tmp/weft-abc/databases/ws-1/', '/srv/weft']
    expect(
      hideServerFolders(
        "There is no SQLite file shop.db in the workspace's database folder (/tmp/weft-abc/databases/ws-1): put it there",
        folders,
      ),
    ).toBe("There is no SQLite file shop.db in the workspace's database folder (its folder): put it there")
    expect(hideServerFolders("ENOENT: no such file or directory, open '/srv/weft/uploads/a b.pdf'", folders)).toBe(
      "ENOENT: no such file or directory, open 'uploads/a b.pdf'",
    )
    expect(hideServerFolders('read /tmp/weft-abc/databases/ws-1/shop.db and /tmp/weft-abc/x.txt', folders)).toBe(
      'read shop.db and x.txt',
    )
  })

  it('leaves text without those folders, and ignores the root folder', () => {
    expect(hideServerFolders('Weft could not reach http://127.0.0.1:1/v1', ['/', '/srv/weft'])).toBe(
      'Weft could not reach http://127.0.0.1:1/v1',
    )
    expect(hideServerFolders('GET http://example.com/root/tmp answered 404', ['/root', '/tmp'])).toBe(
      'GET http://example.com/root/tmp answered 404',
    )
  })
})
