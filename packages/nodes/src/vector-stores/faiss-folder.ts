import { isAbsolute, resolve, sep } from 'node:path'
import type { RunScope } from '../define-node.js'

// Where the Faiss node keeps a store: Flowise's Base Path is a folder anywhere on the server; ours
// is a name resolved inside the workspace's vector folder, so a flow cannot write outside it.

/** The folder (inside `<vectorFolder>/faiss`) that the Base Path names, or an error saying why not. */
export function faissFolderOf(scope: RunScope, basePath: unknown): string {
  if (!scope.vectorFolder) {
    throw new Error('Faiss keeps documents in the data folder, and this run has no folder to write to.')
  }
  const name = typeof basePath === 'string' ? basePath.trim() : ''
  if (name === '') throw new Error('Base Path is empty: give the store a folder name, such as "handbook".')
  const root = resolve(scope.vectorFolder, 'faiss')
  const folder = resolve(root, name)
  if (isAbsolute(name) || name.split(/[\\/]/).includes('..') || !folder.startsWith(root + sep)) {
    throw new Error(
      `Base Path "${name}" leaves Weft's data folder: give a folder name inside it, such as "handbook", ` +
        'with no ".." and not starting with "/".',
    )
  }
  return folder
}
