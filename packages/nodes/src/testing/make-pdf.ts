// Writes small, valid PDF files for tests and e2e fixtures, so no binary is copied from elsewhere:
// one page per list of lines, set in the standard Helvetica (a Type1 font every reader has, so
// nothing is embedded), with a cross-reference table whose offsets are counted byte by byte.

/** A PDF string literal: backslash, parentheses escaped; only Latin-1 characters, as WinAnsi holds. */
function pdfString(text: string): string {
  if (/[^\u0020-\u00FF]/.test(text)) throw new Error(`makePdf writes Latin-1 text only: ${JSON.stringify(text)}`)
  return `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`
}

/** The drawing of one page: lines top-down from 1 inch in, 16 points apart. */
const pageContent = (lines: readonly string[]) =>
  [
    'BT',
    '/F1 12 Tf',
    '16 TL',
    '72 720 Td',
    ...lines.map((line, i) => `${i ? 'T* ' : ''}${pdfString(line)} Tj`),
    'ET',
  ].join('\n')

/**
 * A PDF with one page per entry of `pages`, each a list of lines of text. The same pages always give
 * the same bytes (no dates, no ids), so a fixture can be checked against its generator.
 */
export function makePdf(pages: readonly (readonly string[])[]): Buffer {
  if (pages.length === 0) throw new Error('makePdf needs at least one page')
  // Objects 1 catalog, 2 page tree, 3 font, then a page and its content stream for each page.
  const pageId = (index: number) => 4 + index * 2
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageId(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]
  pages.forEach((lines, i) => {
    const content = pageContent(lines)
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId(i) + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    )
  })

  let body = '%PDF-1.4\n%\u00E2\u00E3\u00CF\u00D3\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xrefAt = Buffer.byteLength(body, 'latin1')
  // Each entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, then space and newline.
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)
  body +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries.join('')}` +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}
