import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { execFileSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_FILE_BYTES, readToolFile, writeToolFile } from './tool-files.js'

// A real folder in /tmp with a real symlink to /etc: every way out is refused with a sentence the
// agent reads, and nothing outside is read or changed.

let outer: string
let folder: string

beforeEach(async () => {
  outer = await mkdtemp(join(tmpdir(), 'weft-tool-files-'))
  folder = join(outer, 'files')
  await mkdir(join(folder, 'notes'), { recursive: true })
  await writeFile(join(outer, 'secret.txt'), 'outside the folder')
  await writeFile(join(folder, 'notes', 'today.txt'), 'Buy milk.')
  await symlink('/etc', join(folder, 'etc'))
  await symlink('/etc/hostname', join(folder, 'hostname'))
  await symlink(join(outer, 'secret.txt'), join(folder, 'secret-link.txt'))
})
afterEach(async () => {
  await rm(outer, { recursive: true, force: true })
})

describe('Read File and Write File inside the folder', () => {
  it('reads a file, with or without a base path', async () => {
    expect(await readToolFile(folder, '', 'notes/today.txt')).toBe('Buy milk.')
    expect(await readToolFile(folder, 'notes', 'today.txt')).toBe('Buy milk.')
    expect(await readToolFile(folder, '', join(folder, 'notes/today.txt'))).toBe('Buy milk.')
  })

  it('writes a new file and overwrites an existing one', async () => {
    expect(await writeToolFile(folder, '', 'plan.md', '# Plan\nLong text')).toBe('Wrote 16 bytes to plan.md.')
    expect(await readFile(join(folder, 'plan.md'), 'utf8')).toBe('# Plan\nLong text')
    expect(await writeToolFile(folder, 'notes', 'today.txt', 'Done')).toBe('Wrote 4 bytes to today.txt.')
    expect(await readFile(join(folder, 'notes', 'today.txt'), 'utf8')).toBe('Done')
    expect(await readToolFile(folder, 'notes', 'today.txt')).toBe('Done')
  })

  it('follows a folder reached through a symlink that stays inside', async () => {
    await symlink(join(folder, 'notes'), join(folder, 'shortcut'))
    expect(await readToolFile(folder, 'shortcut', 'today.txt')).toBe('Buy milk.')
  })

  it('works when the configured folder itself is reached through a symlink', async () => {
    await symlink(folder, join(outer, 'alias'))
    const alias = join(outer, 'alias')
    expect(await readToolFile(alias, '', 'notes/today.txt')).toBe('Buy milk.')
    expect(await readToolFile(alias, '', join(alias, 'notes/today.txt'))).toBe('Buy milk.')
  })

  it('says when a file is missing, a folder, or too large', async () => {
    expect(await readToolFile(folder, '', 'nothing.txt')).toBe('There is no file nothing.txt.')
    expect(await readToolFile(folder, '', 'notes')).toBe('notes is not a regular file.')
    expect(await writeToolFile(folder, '', 'notes', 'x')).toBe('notes is a folder, not a file.')
    await writeFile(join(folder, 'big.txt'), 'a'.repeat(MAX_FILE_BYTES + 1))
    expect(await readToolFile(folder, '', 'big.txt')).toBe(
      `big.txt is ${MAX_FILE_BYTES + 1} bytes; Read File reads files of at most ${MAX_FILE_BYTES} bytes.`,
    )
    expect(await writeToolFile(folder, '', 'huge.txt', 'a'.repeat(MAX_FILE_BYTES + 1))).toBe(
      `The text is ${MAX_FILE_BYTES + 1} bytes; Write File writes at most ${MAX_FILE_BYTES} bytes.`,
    )
  })

  it('does not hang on a pipe placed in the folder', async () => {
    execFileSync('mkfifo', [join(folder, 'pipe')])
    expect(await readToolFile(folder, '', 'pipe')).toBe('pipe is not a regular file.')
    expect(await writeToolFile(folder, '', 'pipe', 'x')).toBe('pipe is not a regular file.')
  })
})

describe('Read File and Write File refuse every way out', () => {
  it('are off without a folder, and say who turns them on', async () => {
    expect(await readToolFile(undefined, '', 'a.txt')).toBe(
      'Read File is off: an administrator sets WEFT_TOOL_FILES_DIR to the one folder the file tools may use.',
    )
    expect(await writeToolFile(undefined, '', 'a.txt', 'x')).toMatch(/^Write File is off: an administrator sets/)
    expect(await readToolFile(join(outer, 'missing'), '', 'a.txt')).toBe(
      'Read File is off: the folder set in WEFT_TOOL_FILES_DIR does not exist.',
    )
  })

  it('refuses .. that leads out, in the path or in the base path', async () => {
    const outside = 'is outside the folder the file tools may use.'
    expect(await readToolFile(folder, '', '../secret.txt')).toBe(`../secret.txt ${outside}`)
    expect(await readToolFile(folder, '', 'notes/../../secret.txt')).toBe(`notes/../../secret.txt ${outside}`)
    expect(await readToolFile(folder, '..', 'secret.txt')).toBe(`secret.txt ${outside}`)
    expect(await writeToolFile(folder, '', '../new.txt', 'x')).toBe(`../new.txt ${outside}`)
    expect(await writeToolFile(folder, '../..', 'new.txt', 'x')).toBe(`new.txt ${outside}`)
    // A .. that stays inside is fine.
    expect(await readToolFile(folder, '', 'notes/../notes/today.txt')).toBe('Buy milk.')
  })

  it('refuses absolute paths elsewhere', async () => {
    expect(await readToolFile(folder, '', '/etc/passwd')).toBe(
      '/etc/passwd is outside the folder the file tools may use.',
    )
    expect(await readToolFile(folder, '/etc', 'passwd')).toBe('passwd is outside the folder the file tools may use.')
    expect(await writeToolFile(folder, '', join(outer, 'secret.txt'), 'x')).toMatch(/is outside the folder/)
    expect(await readFile(join(outer, 'secret.txt'), 'utf8')).toBe('outside the folder')
  })

  it('refuses a symlinked folder that leads to /etc', async () => {
    const out = 'etc/passwd leads outside the folder the file tools may use.'
    expect(await readToolFile(folder, '', 'etc/passwd')).toBe(out)
    expect(await writeToolFile(folder, '', 'etc/passwd', 'x')).toBe(out)
    expect(await readToolFile(folder, 'etc', 'passwd')).toBe('passwd leads outside the folder the file tools may use.')
  })

  it('refuses a symlinked file, to /etc or elsewhere outside, without reading or writing it', async () => {
    expect(await readToolFile(folder, '', 'hostname')).toBe(
      'hostname is a symbolic link, which the file tools do not follow.',
    )
    expect(await readToolFile(folder, '', 'secret-link.txt')).toMatch(/is a symbolic link/)
    expect(await writeToolFile(folder, '', 'secret-link.txt', 'overwritten')).toBe(
      'secret-link.txt is a symbolic link, which the file tools do not follow.',
    )
    expect(await readFile(join(outer, 'secret.txt'), 'utf8')).toBe('outside the folder')
  })

  it('refuses writing where the folder does not exist, and creates no folders', async () => {
    expect(await writeToolFile(folder, '', 'new/deep/a.txt', 'x')).toBe(
      'The folder of new/deep/a.txt does not exist; use a folder that does.',
    )
    expect(await writeToolFile(folder, 'missing', 'a.txt', 'x')).toBe(
      'The folder of a.txt does not exist; use a folder that does.',
    )
  })

  it('refuses NUL bytes, an empty path and the folder itself', async () => {
    expect(await readToolFile(folder, '', 'notes/today.txt\0.png')).toBe('A file path cannot contain a NUL byte.')
    expect(await writeToolFile(folder, 'notes\0', 'a.txt', 'x')).toBe('A file path cannot contain a NUL byte.')
    expect(await readToolFile(folder, '', ' ')).toBe('Name the file to use in file_path, e.g. notes.txt.')
    expect(await writeToolFile(folder, '', '.', 'x')).toBe('. names the folder itself, not a file in it.')
    expect(await writeToolFile(folder, 'notes', '..', 'x')).toBe('.. names the folder itself, not a file in it.')
  })
})
