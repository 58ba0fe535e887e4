import type { OfferedTool } from './offline-prompt.js'

// When the built-in responder calls a tool. Two rules, tried in order:
// 1. "use <tool name> <JSON object or text>" names an offered tool: call it with the JSON object,
//    or with the text under the tool's main input property (`input` when it has none).
// 2. The question holds an arithmetic expression (digits with + - * / ^ % and brackets) and a tool
//    whose name contains "calculator" or "math" is offered: call it with the expression.

export interface ToolCallChoice {
  toolName: string
  input: Record<string, unknown>
}

const USE_TOOL = /\buse\s+(?:the\s+)?([\w.-]+)(?:\s+tool)?\b\s*(?:with|on|for|to|:)?\s*([\s\S]*)$/i
const NUMBER = String.raw`\(*\s*-?\d+(?:\.\d+)?\s*\)*`
const ARITHMETIC = new RegExp(`${NUMBER}(?:\\s*[-+*/^%]\\s*${NUMBER})+`)

function parseObject(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('{')) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

const argumentFor = (tool: OfferedTool, text: string): Record<string, unknown> =>
  parseObject(text) ?? (text === '' ? {} : { [tool.mainProperty ?? 'input']: text })

export function pickToolCall(question: string, tools: OfferedTool[]): ToolCallChoice | undefined {
  if (tools.length === 0) return undefined
  const use = USE_TOOL.exec(question)
  const named = use && tools.find((tool) => tool.name.toLowerCase() === use[1]!.toLowerCase())
  if (use && named) {
    const text = use[2]!.trim().replace(/[.?!]$/, '')
    return { toolName: named.name, input: argumentFor(named, text) }
  }
  const expression = ARITHMETIC.exec(question)?.[0].trim()
  const calculator = tools.find((tool) => /calculator|math/i.test(tool.name))
  if (expression && calculator) {
    return { toolName: calculator.name, input: { [calculator.mainProperty ?? 'expression']: expression } }
  }
  return undefined
}
