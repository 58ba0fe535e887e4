import { checkJsonShape, parseJsonAnswer, AnswerFormatError, type InputParam, type JsonShape } from '@weft/core'
import { isRecord } from '../runtime/read-input.js'

/**
 * What an output parser node builds: the instructions a chain adds to its prompt, and the rule that
 * reads the model's answer (throwing an AnswerFormatError when the answer does not fit).
 */
export interface OutputParserValue {
  kind: 'outputParser'
  instructions: string
  parse: (answer: string) => unknown
  /** Ask the model once more, with what was wrong, when its first answer does not fit. */
  autofix: boolean
}

export const isOutputParser = (value: unknown): value is OutputParserValue =>
  isRecord(value) && value.kind === 'outputParser'

export const OUTPUT_PARSER_CLASSES = ['BaseLLMOutputParser', 'Runnable']

export const autofixParam: InputParam = {
  label: 'Autofix',
  name: 'autofixParser',
  type: 'boolean',
  description: "When the model's answer does not fit, ask it once more to fix it.",
  optional: true,
}

/** A parser of JSON answers that must fit `shape`. */
export function jsonShapeParser(shape: JsonShape, instructions: string, autofix: boolean): OutputParserValue {
  return {
    kind: 'outputParser',
    instructions,
    autofix,
    parse: (answer) => {
      const value = parseJsonAnswer(answer)
      const problems = checkJsonShape(value, shape)
      if (problems.length) throw new AnswerFormatError(`The answer does not fit the structure: ${problems.join('; ')}.`)
      return value
    },
  }
}
