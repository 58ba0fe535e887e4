import { defineNode, notRunnableYet } from '../define-node.js'
import { DOCUMENT_CLASSES, LOADER_OUTPUTS, metadataParam, textSplitterAnchor } from './loader-params.js'

export default defineNode({
  descriptor: {
    label: 'Folder with Files',
    name: 'folderFiles',
    version: 1,
    type: 'Document',
    category: 'Document Loaders',
    description: 'Read every text, Markdown, PDF, CSV and JSON file of a folder you pick.',
    icon: 'folderFiles.svg',
    color: '#737E25',
    baseClasses: DOCUMENT_CLASSES,
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'Folder', name: 'folderPath', type: 'folder' },
      textSplitterAnchor,
      {
        label: 'File Types',
        name: 'fileTypes',
        type: 'multiOptions',
        description: 'Files of other types are skipped.',
        options: [
          { label: 'Text (.txt)', name: '.txt' },
          { label: 'Markdown (.md)', name: '.md' },
          { label: 'PDF (.pdf)', name: '.pdf' },
          { label: 'CSV (.csv)', name: '.csv' },
          { label: 'JSON (.json)', name: '.json' },
        ],
        default: ['.txt', '.md', '.pdf', '.csv', '.json'],
      },
      {
        label: 'Recursive',
        name: 'recursive',
        type: 'boolean',
        description: 'Also read the files of sub-folders.',
        default: true,
        optional: true,
      },
      metadataParam,
    ],
    outputs: LOADER_OUTPUTS,
  },
  run: notRunnableYet,
})
