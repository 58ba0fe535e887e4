import { readFile } from 'node:fs/promises'
import { findNode } from './find-node.js'

/** The icons folder beside src and dist, so this works from either. */
const ICONS_DIR = new URL('../icons/', import.meta.url)

/**
 * The SVG text of a node's icon, or undefined for an unknown node or a missing file. Only catalogue
 * names are looked up, so a request cannot reach any other file.
 */
export async function readNodeIcon(name: string): Promise<string | undefined> {
  const icon = findNode(name)?.descriptor.icon
  if (!icon) return undefined
  try {
    return await readFile(new URL(icon, ICONS_DIR), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
