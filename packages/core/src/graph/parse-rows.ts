/** Rows of a datagrid or array input, stored as an array or as JSON text of one. */
export function parseRows(value: unknown): Record<string, unknown>[] {
  let rows = value
  if (typeof value === 'string') {
    try {
      rows = JSON.parse(value) as unknown
    } catch {
      return []
    }
  }
  if (!Array.isArray(rows)) return []
  return rows.filter((row): row is Record<string, unknown> => row !== null && typeof row === 'object')
}
