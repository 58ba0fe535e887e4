import { conditionValueText, type ConditionStepRule } from '@weft/core'
import { runUserCode } from '../../sandbox/run-user-code.js'
import { UserCodeError } from '../../sandbox/user-code-error.js'

// A regex rule compares text a stranger may write (`{{ question }}`) with a pattern: a pattern that
// backtracks badly would hold the server's main thread for minutes. So regex rules are tested in the
// sandbox, with a time limit, and reach the pure rules as the boolean they gave.

const REGEX_MS = 250

const isRegexRule = (rule: ConditionStepRule) =>
  (conditionValueText(rule.type) || 'string') === 'string' && conditionValueText(rule.operation) === 'regex'

/** The rules with each regex rule replaced by its outcome, tested in the sandbox. */
export async function withRegexesTested(
  rules: readonly ConditionStepRule[],
  signal: AbortSignal,
): Promise<ConditionStepRule[]> {
  return Promise.all(
    rules.map(async (rule, index) => {
      if (!isRegexRule(rule)) return rule
      const pattern = conditionValueText(rule.value2)
      let holds: unknown
      try {
        holds = await runUserCode(
          'return new RegExp($pattern).test($text)',
          { $pattern: pattern, $text: conditionValueText(rule.value1) },
          { timeoutMs: REGEX_MS, signal },
        )
      } catch (error) {
        if (!(error instanceof UserCodeError)) throw error
        const shown = JSON.stringify(pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern)
        throw new Error(`Condition ${index}: the regex ${shown} is not valid or took too long: ${error.message}`, {
          cause: error,
        })
      }
      return { type: 'boolean', value1: holds === true, operation: 'equal', value2: true }
    }),
  )
}
