import type { SourceDocument } from '@weft/core'
import { defineNode } from '../define-node.js'
import { readTextFiles, type TextFile } from '../documents/file-input.js'
import { jsonText } from '../documents/json-texts.js'
import { loaderOutput } from '../documents/loader-output.js'
import { readText } from '../runtime/read-input.js'
import { DOCUMENT_CLASSES, LOADER_OUTPUTS, metadataParam, textSplitterAnchor } from './loader-params.js'

export default defineNode({
  descriptor: {
    label: 'Json File',
    name: 'jsonFile',
    version: 1,
    type: 'Document',
    category: 'Document Loaders',
    description: 'Read the text values of a JSON file, optionally only at chosen keys.',
    icon: 'jsonFile.svg',
    color: '#419E2E',
    baseClasses: DOCUMENT_CLASSES,
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'Json File', name: 'jsonFile', type: 'file', fileType: '.json' },
      textSplitterAnchor,
      {
        label: 'Pointers Extraction',
        name: 'pointersName',
        type: 'string',
        description: 'Comma-separated keys whose values become the text; empty reads every value.',
        placeholder: 'title, body',
        optional: true,
        additionalParams: true,
      },
      metadataParam,
    ],
    outputs: LOADER_OUTPUTS,
  },
  run: async (context) => {
    const keys = readText(context.inputs.pointersName)
      .split(',')
      .map((key) => key.trim())
      .filter((key) => key !== '')
    const documents = readTextFiles(context.inputs.jsonFile, 'Json File').flatMap((file) => jsonDocuments(file, keys))
    return loaderOutput(documents, context)
  },
})

/** A top-level array gives one document per item (`item` counts from 1); anything else one document. */
function jsonDocuments(file: TextFile, keys: string[]): SourceDocument[] {
  let value: unknown
  try {
    value = JSON.parse(file.text)
  } catch (error) {
    throw new Error(`${file.name} is not valid JSON: ${(error as Error).message}`, { cause: error })
  }
  const items = Array.isArray(value) ? value : [value]
  return items.flatMap((item, index) => {
    const pageContent = jsonText(item, keys)
    if (pageContent === '') return []
    return [{ pageContent, metadata: { source: file.name, ...(Array.isArray(value) ? { item: index + 1 } : {}) } }]
  })
}
