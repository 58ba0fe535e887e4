import { describe, expect, it } from 'vitest'
import {
  githubEndpoints,
  hasNulByte,
  isBinaryName,
  isIgnoredPath,
  parseRepoLink,
  readIgnorePaths,
} from './github-paths.js'

describe('githubEndpoints', () => {
  it('is github.com and its API unless told, and an Enterprise base alone serves its API at /api/v3', () => {
    expect(githubEndpoints('', '')).toEqual({ base: 'https://github.com', api: 'https://api.github.com' })
    expect(githubEndpoints('https://git.example.com/', '')).toEqual({
      base: 'https://git.example.com',
      api: 'https://git.example.com/api/v3',
    })
    expect(githubEndpoints('https://git.example.com', 'https://git.example.com/api/v3/')).toEqual({
      base: 'https://git.example.com',
      api: 'https://git.example.com/api/v3',
    })
  })

  it('refuses what is not a web address', () => {
    expect(() => githubEndpoints('', 'ftp://x')).toThrow('Github: Github Instance API must be a web address')
    expect(() => githubEndpoints('git.example.com', '')).toThrow('Github: Github Base URL must be a web address')
    expect(() => githubEndpoints('', 'https://api.github.com?x=1')).toThrow('Github Instance API must be')
    expect(() => githubEndpoints('', 'https://me:pw@api.example.com')).toThrow('Github Instance API must be')
  })
})

describe('parseRepoLink', () => {
  const base = 'https://github.com'
  it('reads the owner and repository, and the folder of a /tree/ link', () => {
    expect(parseRepoLink('https://github.com/FlowiseAI/Flowise', base)).toEqual({
      owner: 'FlowiseAI',
      repo: 'Flowise',
      folder: '',
      repository: 'https://github.com/FlowiseAI/Flowise',
    })
    expect(parseRepoLink(' https://github.com/acme/site.git/ ', base).repo).toBe('site')
    expect(parseRepoLink('https://github.com/acme/site/tree/main/docs/api', base).folder).toBe('docs/api')
    expect(parseRepoLink('https://git.example.com/code/acme/site', 'https://git.example.com/code').repository).toBe(
      'https://git.example.com/code/acme/site',
    )
  })

  it('refuses a link on another site, or one that names no repository', () => {
    expect(() => parseRepoLink('https://gitlab.com/acme/site', base)).toThrow('is not on https://github.com')
    expect(() => parseRepoLink('https://git.example.com/codex/acme/site', 'https://git.example.com/code')).toThrow(
      'is not on',
    )
    expect(() => parseRepoLink('https://github.com/acme', base)).toThrow('Repo Link must name a repository')
    expect(() => parseRepoLink('https://github.com/acme/site/blob/main/a.md', base)).toThrow('must name a repository')
    expect(() => parseRepoLink('https://github.com/acme/s%2Fx', base)).toThrow('must name a repository')
  })
})

describe('Ignore Paths', () => {
  it("reads Flowise's JSON list, or one pattern a line or comma", () => {
    expect(readIgnorePaths('["*.md", "docs/"]')).toEqual(['*.md', 'docs/'])
    expect(readIgnorePaths('*.md,\n build ')).toEqual(['*.md', 'build'])
    expect(readIgnorePaths(undefined)).toEqual([])
    expect(() => readIgnorePaths('[*.md')).toThrow('Ignore Paths must be a list')
  })

  it('matches as .gitignore does: names at any depth, slashes from the root, folders with their files', () => {
    const cases: [string, string, boolean][] = [
      ['*.md', 'README.md', true],
      ['*.md', 'docs/guide.md', true],
      ['*.md', 'docs/guide.mdx', false],
      ['docs/', 'docs/guide.md', true],
      ['docs', 'src/docs/a.ts', true],
      ['/docs', 'src/docs/a.ts', false],
      ['docs/*.txt', 'docs/a.txt', true],
      ['docs/*.txt', 'docs/deep/a.txt', false],
      ['docs/**/*.txt', 'docs/deep/a.txt', true],
      ['test?.ts', 'test1.ts', true],
      ['a.b', 'axb', false],
    ]
    for (const [pattern, path, ignored] of cases)
      expect(isIgnoredPath(path, [pattern]), `${pattern} ${path}`).toBe(ignored)
  })
})

describe('binary files', () => {
  it('are known by their extension, or by a NUL byte', () => {
    expect(isBinaryName('assets/logo.PNG')).toBe(true)
    expect(isBinaryName('dist/app.wasm')).toBe(true)
    expect(isBinaryName('src/index.ts')).toBe(false)
    expect(isBinaryName('.png')).toBe(false)
    expect(isBinaryName('Makefile')).toBe(false)
    expect(hasNulByte(Buffer.from('plain text'))).toBe(false)
    expect(hasNulByte(Buffer.from([0x61, 0, 0x62]))).toBe(true)
  })
})
