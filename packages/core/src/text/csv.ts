// RFC 4180 text that spreadsheets open safely. A cell a spreadsheet would read as a formula is
// prefixed with an apostrophe (OWASP's advice on CSV injection): a lead or a chat user chooses what
// these cells hold, and the person who opens the export must not run their formula.

/** What makes a spreadsheet read a cell as a formula: =, +, -, @, and the tab and return that some strip first. */
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/** One cell's text: empty for null and undefined, formula-safe, quoted when it holds a quote, comma or line break. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'string' ? value : String(value)
  const safe = FORMULA_START.test(text) ? `'${text}` : text
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** Rows (the header first) as CSV text, lines ended by CRLF as RFC 4180 asks. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('')
}
