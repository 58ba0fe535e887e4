import { describe, expect, it } from 'vitest'
import { CODE_LANGUAGES, codeBoundaries, isCodeLanguage } from './code-boundaries.js'

const starts = (language: (typeof CODE_LANGUAGES)[number], text: string) =>
  codeBoundaries(language).map((source) => [...text.matchAll(new RegExp(source, 'gm'))].map((match) => match.index))

describe('code boundaries', () => {
  it('has valid patterns for every language of the Code Text Splitter', () => {
    for (const language of CODE_LANGUAGES) {
      expect(codeBoundaries(language).length, language).toBeGreaterThan(0)
      for (const source of codeBoundaries(language)) expect(() => new RegExp(source, 'gm')).not.toThrow()
    }
    expect(isCodeLanguage('python')).toBe(true)
    expect(isCodeLanguage('cobol')).toBe(false)
  })

  it('finds definitions before statements, at line starts only', () => {
    const python =
      'import os\n\nclass A:\n    def run(self):\n        if x:\n            pass\n\ndef main():\n    return 1\n'
    const [definitions, methods, blocks] = starts('python', python)
    expect(definitions!.map((at) => python.slice(at!, at! + 9))).toEqual(['class A:\n', 'def main('])
    expect(methods!.map((at) => python.slice(at!).trimStart().slice(0, 7))).toEqual(['def run'])
    expect(blocks).toHaveLength(1)
    expect(starts('js', 'const a = "function x"\nexport async function go() {}\n')[0]).toEqual([23])
  })

  it('cuts HTML before block tags wherever they are', () => {
    expect(starts('html', '<html><body><h1>A</h1><p>x</p></body>')[1]).toEqual([12])
  })
})
