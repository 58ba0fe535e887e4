/**
 * `text` with every path inside one of the server's `folders` (its data folder, the temporary
 * folder, …) written as the part below that folder, so that no message shows where Weft keeps its
 * files: `/srv/weft/databases/ws/shop.db` → `shop.db` below `/srv/weft/databases/ws`, the folder
 * itself → "its folder". Longer folders are tried first, so a folder inside another is cut whole.
 */
export function hideServerFolders(text: string, folders: readonly string[]): string {
  const sorted = [...new Set(folders.map((folder) => folder.replace(/[/\\]+$/, '')).filter((f) => f.length > 1))].sort(
    (a, b) => b.length - a.length,
  )
  let hidden = text
  for (const folder of sorted) {
    if (!hidden.includes(folder)) continue
    const escaped = folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    // Only where a path starts (not inside an address such as http://host/tmp/…).
    hidden = hidden.replace(
      new RegExp(`(?<![\\w.:/-])${escaped}(?:[/\\\\]+([^\\s'"),;]*))?`, 'g'),
      (_, rest: string | undefined) => (rest ? rest : 'its folder'),
    )
  }
  return hidden
}
