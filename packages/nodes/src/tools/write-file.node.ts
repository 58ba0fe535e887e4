import { defineNode } from '../define-node.js'
import type { Tool } from '../providers/chat-model.js'
import { readText } from '../runtime/read-input.js'
import { basePathInput, givenText } from './files/file-tool-inputs.js'
import { writeToolFile } from './files/tool-files.js'

export default defineNode({
  descriptor: {
    label: 'Write File',
    name: 'writeFile',
    version: 1,
    type: 'WriteFile',
    category: 'Tools',
    description: 'Let an agent write a text file into the folder the administrator set aside for file tools.',
    icon: 'writeFile.svg',
    color: '#4F6DB8',
    baseClasses: ['WriteFile', 'Tool', 'StructuredTool', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [basePathInput],
  },
  run: async ({ inputs, scope }): Promise<Tool> => ({
    kind: 'tool',
    name: 'write_file',
    description: 'Writes a text file to disk, replacing it if it exists. The input is the file path and the text.',
    inputSchema: {
      type: 'object',
      properties: {
        file_path: { type: 'string', description: 'The path of the file, e.g. notes/today.txt' },
        text: { type: 'string', description: 'The text to write into the file' },
      },
      required: ['file_path', 'text'],
    },
    execute: (input) =>
      writeToolFile(
        scope.toolFilesFolder,
        readText(inputs.basePath),
        givenText(input, 'file_path'),
        readText(input.text),
      ),
  }),
})
