import { isTool, type Tool } from '../providers/chat-model.js'
import { readList } from './read-input.js'

/** A tool whose answer can be the flow's answer (Custom Tool's Return Direct). */
export interface DirectTool extends Tool {
  returnDirect?: boolean
}

/** The tools connected to an agent; two with one name would be ambiguous to the model, so that is an error. */
export function readTools(raw: unknown): DirectTool[] {
  const tools = readList(raw).filter(isTool)
  const seen = new Set<string>()
  for (const tool of tools) {
    if (seen.has(tool.name)) throw new Error(`Two tools are named "${tool.name}": give each tool its own name.`)
    seen.add(tool.name)
  }
  return tools
}
