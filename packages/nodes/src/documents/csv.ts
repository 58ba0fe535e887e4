/**
 * Reads CSV text into rows of fields (RFC 4180: fields in double quotes may hold the delimiter,
 * line breaks and "" for a quote). The delimiter is the first of , ; or tab found in the first line.
 */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  const delimiter = [',', ';', '\t'].find((candidate) => firstLine.includes(candidate)) ?? ','
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const endField = () => {
    row.push(field)
    field = ''
  }
  const endRow = () => {
    endField()
    rows.push(row)
    row = []
  }
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      if (char !== '"') field += char
      else if (text[i + 1] === '"') field += text[++i]
      else quoted = false
    } else if (char === '"' && field === '') quoted = true
    else if (char === delimiter) endField()
    else if (char === '\n') endRow()
    else if (char !== '\r' || text[i + 1] !== '\n') field += char
  }
  if (field !== '' || row.length > 0) endRow()
  return rows
}
