import { readFile } from 'node:fs/promises'
import { crc32, inflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { e2eFixtures } from './e2e-fixtures.js'
import { makeDocx } from './make-docx.js'
import { makePdf } from './make-pdf.js'

describe('makePdf', () => {
  it('writes a cross-reference table whose every entry points at its object, and a startxref at the table', () => {
    const pdf = makePdf([['First page'], ['Second (page)', 'a \\ backslash']]).toString('latin1')
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)![1])
    expect(pdf.slice(startxref, startxref + 5)).toBe('xref\n')
    const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(pdf.slice(startxref))!
    expect(first).toBe('0')
    const entries = pdf.slice(pdf.indexOf('\n', startxref + 5) + 1).match(/^\d{10} \d{5} [nf] \n/gm)!
    expect(entries).toHaveLength(Number(count))
    expect(entries[0]).toBe('0000000000 65535 f \n')
    entries.slice(1).forEach((entry, i) => {
      const offset = Number(entry.slice(0, 10))
      expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`)
    })
    expect(pdf).toContain(`/Size ${count} /Root 1 0 R`)
    expect(pdf).toContain('(Second \\(page\\)) Tj')
  })

  it('gives each content stream its exact length', () => {
    const pdf = makePdf([['Refund policy: 30 days']]).toString('latin1')
    const [, length, content] = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(pdf)!
    expect(Buffer.byteLength(content!, 'latin1')).toBe(Number(length))
  })

  it('refuses text a standard font cannot show', () => {
    expect(() => makePdf([['emoji 🙂']])).toThrow('makePdf writes Latin-1 text only')
  })
})

describe('makeDocx', () => {
  it('writes a ZIP whose directory lists the three parts, each inflating to its CRC', () => {
    const zip = makeDocx(['Hello & <welcome>'])
    const end = zip.length - 22
    expect(zip.readUInt32LE(end)).toBe(0x06054b50)
    let at = zip.readUInt32LE(end + 16)
    const names: string[] = []
    for (let i = 0; i < zip.readUInt16LE(end + 10); i += 1) {
      expect(zip.readUInt32LE(at)).toBe(0x02014b50)
      const nameLength = zip.readUInt16LE(at + 28)
      const local = zip.readUInt32LE(at + 42)
      const name = zip.toString('utf8', at + 46, at + 46 + nameLength)
      const dataAt = local + 30 + zip.readUInt16LE(local + 26)
      const data = inflateRawSync(zip.subarray(dataAt, dataAt + zip.readUInt32LE(at + 20)))
      expect(data.length).toBe(zip.readUInt32LE(at + 24))
      expect(crc32(data)).toBe(zip.readUInt32LE(at + 16))
      if (name === 'word/document.xml') expect(data.toString()).toContain('Hello &amp; &lt;welcome&gt;')
      names.push(name)
      at += 46 + nameLength
    }
    expect(names).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml'])
  })
})

describe('e2e fixtures', () => {
  it.each(e2eFixtures().map((fixture) => [fixture.name, fixture.bytes] as const))(
    'e2e/fixtures/%s is what the generator makes (run scripts/make-fixtures.mjs after changing it)',
    async (name, bytes) => {
      const written = await readFile(new URL(`../../../../e2e/fixtures/${name}`, import.meta.url))
      expect(written.equals(bytes)).toBe(true)
    },
  )
})
