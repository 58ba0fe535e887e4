import { parseRows } from '@weft/core'
import { stepText } from './step-text.js'

// Array inputs (Flow State, Input Variables, Headers, …) arrive as rows; a row whose name field is
// blank cannot be used, and the user finds it by its number as the canvas shows the rows.

export interface NamedRow {
  name: string
  row: Record<string, unknown>
}

/**
 * The rows of the array input labelled `inputLabel`, each with the trimmed text of its `nameField`
 * (labelled `nameLabel` on the canvas). Throws naming the row (counted from 1) when that text is empty.
 */
export function namedRows(raw: unknown, inputLabel: string, nameField: string, nameLabel: string): NamedRow[] {
  return parseRows(raw).map((row, index) => {
    const name = stepText(row[nameField]).trim()
    if (!name) throw new Error(`${inputLabel}: row ${index + 1} has no ${nameLabel}.`)
    return { name, row }
  })
}
