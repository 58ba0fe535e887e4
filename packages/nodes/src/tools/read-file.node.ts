import { defineNode } from '../define-node.js'
import type { Tool } from '../providers/chat-model.js'
import { readText } from '../runtime/read-input.js'
import { basePathInput, givenText } from './files/file-tool-inputs.js'
import { MAX_FILE_BYTES, readToolFile } from './files/tool-files.js'

export default defineNode({
  descriptor: {
    label: 'Read File',
    name: 'readFile',
    version: 1,
    type: 'ReadFile',
    category: 'Tools',
    description: 'Let an agent read a text file from the folder the administrator set aside for file tools.',
    icon: 'readFile.svg',
    color: '#A0662B',
    baseClasses: ['ReadFile', 'Tool', 'StructuredTool', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [basePathInput],
  },
  run: async ({ inputs, scope }): Promise<Tool> => ({
    kind: 'tool',
    name: 'read_file',
    description: `Reads a text file from disk (at most ${MAX_FILE_BYTES} bytes). The input is the file's path; the output is its text.`,
    inputSchema: {
      type: 'object',
      properties: { file_path: { type: 'string', description: 'The path of the file, e.g. notes/today.txt' } },
      required: ['file_path'],
    },
    execute: (input) => readToolFile(scope.toolFilesFolder, readText(inputs.basePath), givenText(input, 'file_path')),
  }),
})
