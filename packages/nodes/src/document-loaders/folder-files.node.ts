import { loaderForFile, type SourceDocument } from '@weft/core'
import { defineNode, type NodeDefinition, type NodeRunContext } from '../define-node.js'
import { readBinaryFiles, type BinaryFile } from '../documents/file-input.js'
import { loaderOutput } from '../documents/loader-output.js'
import { readText } from '../runtime/read-input.js'
import { DOCUMENT_CLASSES, LOADER_OUTPUTS, metadataParam, textSplitterAnchor } from './loader-params.js'

// In Weft a folder is the files a user uploads together; a folder of the server named by its path
// (Flowise's Folder Path) is never read, as it would hand any flow author the server's disk. Each
// file goes through the catalogue's own loader for its type, so it reads exactly as it would alone.

const FILE_TYPES = ['.txt', '.md', '.pdf', '.docx', '.csv', '.json', '.jsonl']

export default defineNode({
  descriptor: {
    label: 'Folder with Files',
    name: 'folderFiles',
    version: 1,
    type: 'Document',
    category: 'Document Loaders',
    description: 'Read every text, Markdown, PDF, Word, CSV, JSON and JSON Lines file of a folder you upload.',
    icon: 'folderFiles.svg',
    color: '#737E25',
    baseClasses: DOCUMENT_CLASSES,
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Folder',
        name: 'folderPath',
        type: 'folder',
        fileType: FILE_TYPES.join(', '),
        description: 'The files to read, uploaded together; Weft does not read folders of the server by path.',
      },
      textSplitterAnchor,
      {
        label: 'File Types',
        name: 'fileTypes',
        type: 'multiOptions',
        description: 'Files of other types are skipped; with none chosen, every file is read.',
        options: [
          { label: 'Text (.txt)', name: '.txt' },
          { label: 'Markdown (.md)', name: '.md' },
          { label: 'PDF (.pdf)', name: '.pdf' },
          { label: 'Word (.docx)', name: '.docx' },
          { label: 'CSV (.csv)', name: '.csv' },
          { label: 'JSON (.json)', name: '.json' },
          { label: 'JSON Lines (.jsonl)', name: '.jsonl' },
        ],
        default: FILE_TYPES,
        optional: true,
      },
      {
        label: 'Recursive',
        name: 'recursive',
        type: 'boolean',
        description: 'Kept for flows from Flowise: every uploaded file is read, whichever sub-folder it came from.',
        default: true,
        optional: true,
      },
      {
        label: 'Pdf Usage',
        name: 'pdfUsage',
        type: 'options',
        description: 'Only when reading PDF files.',
        options: [
          { label: 'One document per page', name: 'perPage' },
          { label: 'One document per file', name: 'perFile' },
        ],
        default: 'perPage',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'JSONL Pointer Extraction',
        name: 'pointerName',
        type: 'string',
        description: 'Only when reading JSON Lines files: the key whose value becomes the text of each line.',
        placeholder: 'text',
        optional: true,
        additionalParams: true,
      },
      metadataParam,
    ],
    outputs: LOADER_OUTPUTS,
  },
  run: async (context) => {
    const files = chosenFiles(readFolder(context.inputs.folderPath), readFileTypes(context.inputs.fileTypes))
    const documents: SourceDocument[] = []
    // One file at a time: a PDF's parsed pages take far more memory than its bytes.
    for (const file of files) documents.push(...(await fileDocuments(file, context)))
    return loaderOutput(documents, context)
  },
})

/** The uploaded files; a path typed in (a flow saved by Flowise) is refused without being looked at. */
function readFolder(raw: unknown): BinaryFile[] {
  if (typeof raw === 'string' && raw.trim() !== '' && !/^(data:|\[|FILE-STORAGE::)/.test(raw.trim())) {
    throw new Error(
      'Folder holds a folder path: Weft reads only files you upload, never a folder of the server. Upload the folder’s files in Folder.',
    )
  }
  return readBinaryFiles(raw, 'Folder')
}

/** File Types as the canvas stores a multiOptions value: a list, its JSON text, or comma-separated text. */
function readFileTypes(raw: unknown): string[] {
  let value = raw
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      value = JSON.parse(value)
    } catch {
      throw new Error('File Types must be a list of extensions such as [".txt", ".pdf"].')
    }
  }
  const list = Array.isArray(value) ? value : readText(value).split(',')
  return list.map((type) => readText(type).trim().toLowerCase()).filter((type) => type !== '')
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot >= 0 ? name.slice(dot).toLowerCase() : ''
}

function chosenFiles(files: BinaryFile[], types: string[]): BinaryFile[] {
  if (types.length === 0) return files
  const chosen = files.filter((file) => types.includes(extensionOf(file.name)))
  if (chosen.length === 0) {
    throw new Error(`None of the ${files.length} files in Folder is of the chosen File Types (${types.join(', ')}).`)
  }
  return chosen
}

/** The catalogue's nodes, imported when first needed: the catalogue imports this file, so a static import would loop. */
let catalogue: Promise<(name: string) => NodeDefinition | undefined> | undefined
const findLoader = async (name: string) => {
  catalogue ??= import('../find-node.js').then((module) => module.findNode)
  const definition = (await catalogue)(name)
  if (!definition) throw new Error(`Weft has no ${name} loader.`)
  return definition
}

/** What the file's own loader takes beside the file: the Folder settings that apply to its type. */
function settingsFor(loader: string, file: BinaryFile, inputs: NodeRunContext['inputs']): Record<string, unknown> {
  if (loader === 'pdfFile') return { usage: inputs.pdfUsage }
  if (loader !== 'jsonlinesFile') return {}
  const pointerName = readText(inputs.pointerName).trim()
  if (pointerName === '') {
    throw new Error(`Write in JSONL Pointer Extraction the key whose value is the text of each line of ${file.name}.`)
  }
  return { pointerName }
}

/** The file's documents as its own loader reads them alone (`source` is the file's name), unsplit. */
async function fileDocuments(file: BinaryFile, context: NodeRunContext): Promise<SourceDocument[]> {
  const name = loaderForFile(file.name, file.mime, { structured: true })
  const loader = await findLoader(name)
  const fileInput = loader.descriptor.inputs?.find((input) => input.type === 'file')?.name
  if (!fileInput || !loader.run) throw new Error(`The ${name} loader cannot read ${file.name}.`)
  const encoded = `data:${file.mime};base64,${file.bytes.toString('base64')},filename:${file.name}`
  const inputs = { ...settingsFor(name, file, context.inputs), [fileInput]: JSON.stringify([encoded]) }
  return (await loader.run({
    ...context,
    label: loader.descriptor.label,
    inputs,
    output: 'document',
  })) as SourceDocument[]
}
