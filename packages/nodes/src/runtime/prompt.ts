import { templateVariables, type FailureKind } from '@weft/core'
import { isRecord, readJsonObject } from './read-input.js'

/** What a Prompt Template node builds: its text with `{variables}` and the values given for them. */
export interface PromptValue {
  kind: 'prompt'
  template: string
  promptValues: Record<string, string>
}

/** What a Chat Prompt Template node builds: a system and a human message sharing one set of values. */
export interface ChatPromptValue {
  kind: 'chatPrompt'
  system: string
  human: string
  promptValues: Record<string, string>
}

export type AnyPromptValue = PromptValue | ChatPromptValue

export const isPromptValue = (value: unknown): value is AnyPromptValue =>
  isRecord(value) && (value.kind === 'prompt' || value.kind === 'chatPrompt')

export const isChatPromptValue = (value: unknown): value is ChatPromptValue =>
  isRecord(value) && value.kind === 'chatPrompt'

/** The names that mean "the user's question" unless Format Prompt Values maps them to something else. */
const QUESTION_NAMES = ['question', 'input', 'text']

/**
 * The Format Prompt Values input as text per variable: JSON text or an object; values that are not
 * text (numbers, another node's JSON output) are written as JSON.
 */
export function readPromptValues(raw: unknown): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of Object.entries(readJsonObject(raw, 'Format Prompt Values'))) {
    if (value === undefined || value === null) continue
    values[name] = typeof value === 'string' ? value : JSON.stringify(value)
  }
  return values
}

/** Thrown when a prompt has `{variables}` nothing fills; names every one. */
export class MissingPromptValuesError extends Error {
  /** The flow's prompt asks for a value nothing gives: its owner fixes it (422). */
  readonly failureKind: FailureKind = 'configuration'

  constructor(names: string[]) {
    const list = names.map((name) => `{${name}}`).join(', ')
    super(
      `The prompt has no value for ${list}: give ${names.length > 1 ? 'them values' : 'it a value'} in Format Prompt Values.`,
    )
    this.name = 'MissingPromptValuesError'
  }
}

/**
 * Fills the `{variables}` of each text (SPEC §5: `{name}`, no colon; `{{ }}` left alone) from
 * `values`, with the question for `{question}`, `{input}` and `{text}` when they are not mapped.
 * Throws a MissingPromptValuesError naming every variable that has no value.
 */
export function fillPrompts(texts: string[], values: Record<string, string>, question: string): string[] {
  const valueOf = (name: string) =>
    Object.hasOwn(values, name) ? values[name] : QUESTION_NAMES.includes(name) ? question : undefined
  const missing = [...new Set(texts.flatMap(templateVariables))].filter((name) => valueOf(name) === undefined)
  if (missing.length) throw new MissingPromptValuesError(missing)
  return texts.map((text) =>
    text.replace(/\{\{[\s\S]*?\}\}|\{([^{}:\n]*)\}/g, (match, body: string | undefined) => {
      if (body === undefined) return match
      return valueOf(body.trim()) ?? match
    }),
  )
}
