import { acceptsFile, fileInputValue, type InputFile } from '@weft/core'
import type { NodeDefinition } from '@weft/nodes'
import type { PreparedChatflow } from './prepare-chatflow.js'
import { UpsertRefusal } from './upsert-refusal.js'

/** Input values that replace the stored ones for one run, by node id and input name. */
export type ReplacedInputs = Map<string, Record<string, string>>

/**
 * Puts each uploaded file in the file input of every loader among `needed` that takes its type
 * (the input's `fileType`, as Flowise matches an upsert's files to its loaders); a loader's input
 * then holds the files sent for it instead of the stored ones. A file that no such loader takes is
 * refused, naming the types the loaders do take.
 */
export function assignFiles(
  prepared: PreparedChatflow,
  definitions: ReadonlyMap<string, NodeDefinition>,
  needed: ReadonlySet<string>,
  files: readonly InputFile[],
): ReplacedInputs {
  const fileInputs = [...needed].flatMap((nodeId) => {
    const definition = definitions.get(prepared.nodes.get(nodeId)?.node.data.name ?? '')
    const inputs = definition?.descriptor.inputs.filter((input) => input.type === 'file') ?? []
    return inputs.map((input) => ({ nodeId, name: input.name, fileType: input.fileType }))
  })
  const sent = new Map<string, { nodeId: string; name: string; files: InputFile[] }>()
  for (const file of files) {
    const takers = fileInputs.filter((input) => acceptsFile(input.fileType, file.name, file.mime))
    if (takers.length === 0) throw new UpsertRefusal(noLoaderFor(file, fileInputs))
    for (const input of takers) {
      const key = `${input.nodeId}\u0000${input.name}`
      const entry = sent.get(key) ?? { nodeId: input.nodeId, name: input.name, files: [] }
      entry.files.push(file)
      sent.set(key, entry)
    }
  }
  const replaced: ReplacedInputs = new Map()
  for (const { nodeId, name, files: taken } of sent.values()) {
    replaced.set(nodeId, { ...replaced.get(nodeId), [name]: fileInputValue(taken) })
  }
  return replaced
}

function noLoaderFor(file: InputFile, fileInputs: readonly { fileType?: string | undefined }[]): string {
  if (fileInputs.length === 0) {
    return `files: ${file.name} was sent, but no document loader of the vector store takes files.`
  }
  const types = [...new Set(fileInputs.flatMap((input) => (input.fileType ?? '').split(',').map((t) => t.trim())))]
  return `files: no document loader of the vector store takes ${file.name}; they take ${types.filter(Boolean).join(', ')}.`
}

/** The prepared graph with some nodes' inputs replaced; the cached graph it came from is left as it is. */
export function withInputs(prepared: PreparedChatflow, replaced: ReplacedInputs): PreparedChatflow {
  if (replaced.size === 0) return prepared
  const nodes = new Map(
    [...prepared.nodes].map(([id, entry]) => {
      const inputs = replaced.get(id)
      if (!inputs) return [id, entry]
      const data = { ...entry.node.data, inputs: { ...entry.node.data.inputs, ...inputs } }
      return [id, { ...entry, node: { ...entry.node, data } }]
    }),
  )
  return { ...prepared, nodes, levels: prepared.levels.map((level) => level.map((entry) => nodes.get(entry.node.id)!)) }
}
