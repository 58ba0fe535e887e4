import type { Tool } from '../providers/chat-model.js'
import { isRecord } from '../runtime/read-input.js'

// The Tool Node runs its tools on what the node before it wrote: a JSON object of arguments (an LLM
// Node with JSON Structured Output writes one), keyed by the tool's name when it addresses several
// tools, or plain text for a tool that takes one argument.

function jsonObject(text: string): Record<string, unknown> | undefined {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1] ?? text
  try {
    const parsed: unknown = JSON.parse(fenced.trim())
    return isRecord(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

/** The arguments `tool` gets from the previous node's text. */
export function toolInputFrom(previous: string, tool: Tool): Record<string, unknown> {
  const object = jsonObject(previous)
  if (object) {
    const own = object[tool.name]
    return isRecord(own) ? own : object
  }
  const properties = isRecord(tool.inputSchema.properties) ? Object.keys(tool.inputSchema.properties) : []
  return { [properties.length === 1 ? properties[0]! : 'input']: previous }
}
