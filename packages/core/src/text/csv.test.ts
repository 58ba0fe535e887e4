import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from './csv.js'

/** A small RFC 4180 reader, to check that what toCsv writes reads back cell for cell. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += char
  }
  return rows
}

describe('csvCell', () => {
  it('leaves plain text as it is and writes nothing for null and undefined', () => {
    expect(csvCell('Grace Hopper')).toBe('Grace Hopper')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    expect(csvCell(42)).toBe('42')
  })

  it('quotes cells holding a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvCell('Hopper, Grace')).toBe('"Hopper, Grace"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"')
  })

  it('prefixes cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""click"")"',
    )
    expect(csvCell('+49 30 1234')).toBe("'+49 30 1234")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)")
    expect(csvCell('\t=1+1')).toBe("'\t=1+1")
    expect(csvCell('a=1')).toBe('a=1')
    expect(csvCell('grace@example.com')).toBe('grace@example.com')
  })
})

describe('toCsv', () => {
  it('writes the header and rows, each line ended by CRLF', () => {
    expect(
      toCsv([
        ['Name', 'Email'],
        ['Grace', 'grace@example.com'],
        ['Ada', null],
      ]),
    ).toBe('Name,Email\r\nGrace,grace@example.com\r\nAda,\r\n')
  })

  it('writes nothing for no rows', () => {
    expect(toCsv([])).toBe('')
  })

  it('reads back cell for cell, formula cells with their apostrophe', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 4 }), { maxLength: 5 }), (rows) => {
        const expected = rows.map((row) => row.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)))
        expect(parseCsv(toCsv(rows))).toEqual(expected)
      }),
    )
  })
})
