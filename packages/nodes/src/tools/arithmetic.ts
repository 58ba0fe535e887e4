// The calculator's language: numbers (decimals, 1e3), + - * / % ^ (or **), parentheses and unary
// minus. Parsed by hand so no text from a model is ever run as code.
//   sum     = product (('+' | '-') product)*
//   product = unary (('*' | '/' | '%') unary)*
//   unary   = ('-' | '+') unary | power
//   power   = atom ('^' unary)?          right-associative, and -2^2 = -(2^2) as in mathematics
//   atom    = number | '(' sum ')'

/** The expression cannot be read or worked out; the message says where or why. */
export class ArithmeticError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ArithmeticError'
  }
}

type Token = { kind: 'number'; value: number; at: number } | { kind: 'op'; value: string; at: number }

function tokenize(expression: string): Token[] {
  const tokens: Token[] = []
  const pattern = /\s*(?:(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|(\*\*|[-+*/%^()]))/y
  let at = 0
  while (at < expression.length) {
    if (/^\s*$/.test(expression.slice(at))) break
    pattern.lastIndex = at
    const match = pattern.exec(expression)
    if (!match) {
      const rest = expression.slice(at).trimStart()
      throw new ArithmeticError(`Unexpected "${rest[0]}" at position ${expression.length - rest.length + 1}`)
    }
    const start = match.index + match[0].length - (match[1] ?? match[2]!).length
    if (match[1] !== undefined) tokens.push({ kind: 'number', value: Number(match[1]), at: start })
    else tokens.push({ kind: 'op', value: match[2] === '**' ? '^' : match[2]!, at: start })
    at = pattern.lastIndex
  }
  return tokens
}

/** Works out an arithmetic expression such as `(2 + 3) * -4.5 ^ 2 % 7`. */
export function evaluateArithmetic(expression: string): number {
  const tokens = tokenize(expression)
  if (!tokens.length) throw new ArithmeticError('The expression is empty')
  let position = 0
  const peek = () => tokens[position]
  const isOp = (value: string) => peek()?.kind === 'op' && peek()!.value === value

  const sum = (): number => {
    let value = product()
    while (isOp('+') || isOp('-')) {
      const op = tokens[position++]!.value
      value = op === '+' ? value + product() : value - product()
    }
    return value
  }
  const product = (): number => {
    let value = unary()
    while (isOp('*') || isOp('/') || isOp('%')) {
      const op = tokens[position++]!.value
      const right = unary()
      if ((op === '/' || op === '%') && right === 0) throw new ArithmeticError('Division by zero')
      value = op === '*' ? value * right : op === '/' ? value / right : value % right
    }
    return value
  }
  const unary = (): number => {
    if (isOp('-')) {
      position += 1
      return -unary()
    }
    if (isOp('+')) {
      position += 1
      return unary()
    }
    return power()
  }
  const power = (): number => {
    const base = atom()
    if (!isOp('^')) return base
    position += 1
    return base ** unary()
  }
  const atom = (): number => {
    const token = peek()
    if (!token) throw new ArithmeticError('The expression ends too early')
    position += 1
    if (token.kind === 'number') return token.value
    if (token.value === '(') {
      const value = sum()
      if (!isOp(')')) throw new ArithmeticError(`Missing ")" for the "(" at position ${token.at + 1}`)
      position += 1
      return value
    }
    throw new ArithmeticError(`Unexpected "${token.value}" at position ${token.at + 1}`)
  }

  const value = sum()
  const rest = peek()
  if (rest) throw new ArithmeticError(`Unexpected "${rest.value}" at position ${rest.at + 1}`)
  if (!Number.isFinite(value)) throw new ArithmeticError('The result is too large to show')
  return value
}

/** A result as people write it: `0.1 + 0.2` gives `0.3`, not `0.30000000000000004`. */
export const formatNumber = (value: number): string => String(Number(value.toPrecision(12)))
