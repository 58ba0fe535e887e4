import { MEMORY_MB } from './quickjs-module.js'
import { MAX_RESULT_CHARS } from './sandbox-runner.js'
import { UserCodeError } from './user-code-error.js'

// Turns the runner's one line of text (see sandbox-runner.ts) into the run's answer, or into the
// UserCodeError that tells the user what went wrong.

interface ErrorParts {
  name: string
  message: string
}

const megabytes = (chars: number) => `${(chars / 1024 / 1024).toFixed(1)} MB`

/** `["name","message"]` as the runner wrote it; anything else is read as an empty error. */
function readParts(json: string): ErrorParts {
  try {
    const parts: unknown = JSON.parse(json)
    if (Array.isArray(parts) && typeof parts[0] === 'string' && typeof parts[1] === 'string') {
      return { name: parts[0], message: parts[1] }
    }
  } catch {
    // falls through
  }
  return { name: '', message: '' }
}

/** What QuickJS or the code threw, as a message for the user. */
export function describeFailure({ name, message }: ErrorParts): UserCodeError {
  if (message === 'out of memory') return outOfMemory('')
  // QuickJS throws null when it has no memory left even for its "out of memory" error.
  if (!name && message === 'null') return outOfMemory(' or threw null')
  if (/stack overflow/i.test(message)) return new UserCodeError('Custom code recursed too deeply (stack overflow)')
  return new UserCodeError(`Custom code failed: ${name ? `${name}: ` : ''}${message}`)
}

const outOfMemory = (or: string) =>
  new UserCodeError(`Custom code ran out of memory (the sandbox holds at most ${MEMORY_MB} MB)${or}`)

/** The run's answer as JSON text `{ "value": … }` (`{}` for undefined); throws a UserCodeError for a failure. */
export function readOutcome(outcome: string): string {
  const rest = outcome.slice(1)
  switch (outcome[0]) {
    case 'v':
      // The runner's own JSON.stringify wrote it, and the runner checked its length; checked again here.
      if (rest.length > MAX_RESULT_CHARS) break
      return `{"value":${rest}}`
    case 'u':
      return '{}'
    case 'l':
      throw new UserCodeError(
        `Custom code returned ${megabytes(Number(rest))} of data; the most it may return is ${megabytes(MAX_RESULT_CHARS)}.`,
      )
    case 'c': {
      const parts = readParts(rest)
      if (parts.name === 'SyntaxError') return syntaxError(parts.message)
      throw describeFailure(parts)
    }
    case 'e':
      throw describeFailure(readParts(rest))
  }
  throw new Error('the sandbox answered something it should not')
}

function syntaxError(message: string): never {
  throw new UserCodeError(`Custom code has a syntax error: ${message}`)
}
