import type { SourceDocument } from '@weft/core'
import { defineNode } from '../define-node.js'
import { parseCsv } from '../documents/csv.js'
import { readTextFiles, type TextFile } from '../documents/file-input.js'
import { loaderOutput } from '../documents/loader-output.js'
import { readText } from '../runtime/read-input.js'
import { DOCUMENT_CLASSES, LOADER_OUTPUTS, metadataParam, textSplitterAnchor } from './loader-params.js'

export default defineNode({
  descriptor: {
    label: 'Csv File',
    name: 'csvFile',
    version: 1,
    type: 'Document',
    category: 'Document Loaders',
    description: 'Read a CSV file, one document per row.',
    icon: 'csvFile.svg',
    color: '#478627',
    baseClasses: DOCUMENT_CLASSES,
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'Csv File', name: 'csvFile', type: 'file', fileType: '.csv' },
      textSplitterAnchor,
      {
        label: 'Single Column Extraction',
        name: 'columnName',
        type: 'string',
        description: 'Use only this column as the text of each row.',
        placeholder: 'question',
        optional: true,
        additionalParams: true,
      },
      metadataParam,
    ],
    outputs: LOADER_OUTPUTS,
  },
  run: async (context) => {
    const column = readText(context.inputs.columnName).trim()
    const documents = readTextFiles(context.inputs.csvFile, 'Csv File').flatMap((file) => rowDocuments(file, column))
    return loaderOutput(documents, context)
  },
})

/**
 * One document per row after the header row: "column: value" lines, or only the value of the
 * chosen column. `row` counts the rows below the header from 1, blank ones included so the number
 * finds the row in the file; blank rows give no document.
 */
function rowDocuments(file: TextFile, column: string): SourceDocument[] {
  const [header = [], ...rows] = parseCsv(file.text)
  const columnIndex = column ? header.indexOf(column) : -1
  if (column && columnIndex === -1) {
    throw new Error(
      `${file.name} has no column "${column}"; its columns are ${header.map((name) => `"${name}"`).join(', ')}.`,
    )
  }
  return rows.flatMap((fields, index) => {
    if (fields.every((field) => field.trim() === '')) return []
    const pageContent =
      columnIndex === -1
        ? header.map((name, i) => `${name}: ${fields[i] ?? ''}`).join('\n')
        : (fields[columnIndex] ?? '')
    return [{ pageContent, metadata: { source: file.name, row: index + 1 } }]
  })
}
