import type { SourceDocument } from '@weft/core'
import { defineNode } from '../define-node.js'
import { readTextFiles, type TextFile } from '../documents/file-input.js'
import { loaderOutput } from '../documents/loader-output.js'
import { readJsonObject, readText } from '../runtime/read-input.js'
import { DOCUMENT_CLASSES, LOADER_OUTPUTS, metadataParam, textSplitterAnchor } from './loader-params.js'

export default defineNode({
  descriptor: {
    label: 'Json Lines File',
    name: 'jsonlinesFile',
    version: 1,
    type: 'Document',
    category: 'Document Loaders',
    description: 'Read a JSON Lines file (.jsonl), one document per line from the value under a chosen key.',
    icon: 'jsonlinesFile.svg',
    color: '#5A9630',
    baseClasses: DOCUMENT_CLASSES,
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'Jsonlines File', name: 'jsonlinesFile', type: 'file', fileType: '.jsonl' },
      textSplitterAnchor,
      {
        label: 'Pointer Extraction',
        name: 'pointerName',
        type: 'string',
        description:
          'The key whose value becomes the text of each line, e.g. "text" for { "text": "…" }; a path such as "meta/title" reaches inside objects.',
        placeholder: 'key',
      },
      {
        ...metadataParam,
        description:
          'Added to the metadata of every document. A value starting with / is read from each line instead: { "page": "/source" } copies the line\'s "source" into "page".',
      },
    ],
    outputs: LOADER_OUTPUTS,
  },
  run: async (context) => {
    const pointer = readPointer(context.inputs.pointerName)
    const metadata = readJsonObject(context.inputs.metadata, 'Additional Metadata')
    // Values naming a place in each line are read per line; the others are added as they are.
    const fromLine = Object.entries(metadata).flatMap(([key, value]) =>
      typeof value === 'string' && value.startsWith('/') ? [[key, parsePointer(value.slice(1))] as const] : [],
    )
    const fixed = Object.fromEntries(Object.entries(metadata).filter(([key]) => !fromLine.some(([k]) => k === key)))
    const documents = readTextFiles(context.inputs.jsonlinesFile, 'Jsonlines File').flatMap((file) =>
      lineDocuments(file, pointer, fromLine),
    )
    return loaderOutput(documents, { ...context, inputs: { ...context.inputs, metadata: fixed } })
  },
})

/** A JSON pointer's steps (RFC 6901): `/` between keys, `~1` for a `/` in a key, `~0` for `~`. */
const parsePointer = (path: string): string[] =>
  path.split('/').map((step) => step.replaceAll('~1', '/').replaceAll('~0', '~'))

/** Pointer Extraction as Flowise reads it: the key (or path) below the line's top level. */
function readPointer(raw: unknown): string[] {
  const text = readText(raw).trim().replace(/^\//, '')
  if (text === '') throw new Error('Write in Pointer Extraction the key whose value is the text of each line.')
  return parsePointer(text)
}

function valueAt(value: unknown, pointer: readonly string[]): unknown {
  let at = value
  for (const step of pointer) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, step)) return undefined
    at = (at as Record<string, unknown>)[step]
  }
  return at
}

/** Text, numbers and true/false as they are written; objects and lists as their JSON. */
const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value))

/** One document per non-blank line; `line` is the line's number in the file, blank lines counted. */
function lineDocuments(
  file: TextFile,
  pointer: readonly string[],
  fromLine: readonly (readonly [string, string[]])[],
): SourceDocument[] {
  const path = pointer.join('/')
  return file.text.split('\n').flatMap((text, index) => {
    const line = index + 1
    if (text.trim() === '') return []
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      throw new Error(`${file.name}: line ${line} is not valid JSON: ${(error as Error).message}`, { cause: error })
    }
    const content = valueAt(value, pointer)
    if (content === undefined || content === null) {
      throw new Error(`${file.name}: line ${line} has no value at "${path}" (Pointer Extraction).`)
    }
    const extra = Object.fromEntries(
      fromLine.flatMap(([key, at]) => {
        const found = valueAt(value, at)
        return found === undefined ? [] : [[key, found]]
      }),
    )
    return [{ pageContent: asText(content), metadata: { source: file.name, line, ...extra } }]
  })
}
