import type { InputParam } from '@weft/core'
import { readText } from '../../runtime/read-input.js'

/** Flowise's Base Path; here a subfolder of the folder the administrator set, never a way out of it. */
export const basePathInput: InputParam = {
  label: 'Base Path',
  name: 'basePath',
  type: 'string',
  optional: true,
  placeholder: 'notes',
  description: 'A subfolder of the folder an administrator set in WEFT_TOOL_FILES_DIR; empty means that folder.',
}

/** The argument by its name, or (as models sometimes name it differently) `input`. */
export const givenText = (input: Record<string, unknown>, name: string): string => readText(input[name] ?? input.input)
