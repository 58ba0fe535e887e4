import { dollarGlobals, flowGlobals, type FlowGlobalsScope } from '../runtime/flow-globals.js'
import { runUserCode } from '../sandbox/run-user-code.js'

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * Runs a custom tool's code on a sandbox worker thread with the arguments as `$<property>`
 * globals, all of them as `$input`, and the run's `$vars` and `$flow`; answers what the code
 * returns as text (JSON for anything but a string). A failure of the code rejects with a
 * UserCodeError. The Custom Tool node and the Tools page's test both run tools through here.
 */
export async function runToolFunction(
  code: string,
  input: Record<string, unknown>,
  scope: FlowGlobalsScope,
  signal?: AbortSignal,
): Promise<string> {
  // The model chose these names; ones the code could not write as $name are left out.
  const properties = Object.fromEntries(Object.entries(input).filter(([key]) => IDENTIFIER.test(key)))
  const globals = { ...dollarGlobals(properties, 'Tool input'), $input: input, ...flowGlobals(scope) }
  const result = await runUserCode(code, globals, signal ? { signal } : {})
  return typeof result === 'string' ? result : (JSON.stringify(result) ?? '')
}
