import type { JsonShape } from './json-shape.js'

// Reads the Zod schema an Advanced Structured Output Parser holds as text, such as
// `z.object({ title: z.string(), year: z.number().int() })`, into a JsonShape, without running it:
// flows are shared and imported, so their text is data, never code. The usual builders and
// refinements are understood; anything else is refused with its name.

type Value = JsonShape | string | number | boolean | Value[] | { [key: string]: Value }

const isShape = (value: Value | undefined): value is JsonShape =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof value.type === 'string'

/** Methods that only check formats Weft does not check; the value keeps its type. */
const KEPT_AS_IS = new Set([
  'email',
  'url',
  'uuid',
  'cuid',
  'datetime',
  'trim',
  'regex',
  'strict',
  'passthrough',
  'finite',
])

class Reader {
  private at = 0
  constructor(private readonly text: string) {}

  fail(message: string): never {
    throw new Error(`The Zod schema cannot be read: ${message} (at character ${this.at + 1}).`)
  }

  skipSpace(): void {
    for (;;) {
      const rest = this.text.slice(this.at)
      const space = /^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)/.exec(rest)
      if (!space) return
      this.at += space[0].length
    }
  }

  peek(): string {
    this.skipSpace()
    return this.text[this.at] ?? ''
  }

  expect(char: string): void {
    if (this.peek() !== char) this.fail(`expected "${char}"`)
    this.at++
  }

  name(): string {
    this.skipSpace()
    const match = /^[A-Za-z_$][\w$]*/.exec(this.text.slice(this.at))
    if (!match) this.fail('expected a name')
    this.at += match[0].length
    return match[0]
  }

  /** Values up to `close`, separated by commas (a trailing comma allowed). */
  list(close: string): Value[] {
    const values: Value[] = []
    while (this.peek() !== close) {
      values.push(this.value())
      if (this.peek() === ',') this.at++
      else if (this.peek() !== close) this.fail(`expected "," or "${close}"`)
    }
    this.at++
    return values
  }

  value(): Value {
    const char = this.peek()
    if (char === '"' || char === "'" || char === '`') return this.string(char)
    if (char === '[') {
      this.at++
      return this.list(']')
    }
    if (char === '{') return this.record()
    if (/[-\d.]/.test(char)) {
      const match = /^-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/i.exec(this.text.slice(this.at))
      if (!match) this.fail('expected a number')
      this.at += match[0].length
      return Number(match[0])
    }
    const word = this.name()
    if (word === 'true' || word === 'false') return word === 'true'
    if (word !== 'z') this.fail(`unknown name "${word}"`)
    return this.chain(this.builder())
  }

  string(quote: string): string {
    let out = ''
    for (this.at++; this.at < this.text.length; this.at++) {
      const char = this.text[this.at]!
      if (char === quote) {
        this.at++
        return out
      }
      out += char === '\\' ? (this.text[++this.at] ?? '') : char
    }
    return this.fail('a text is not closed')
  }

  record(): { [key: string]: Value } {
    this.expect('{')
    const record: { [key: string]: Value } = {}
    while (this.peek() !== '}') {
      const char = this.peek()
      const key = char === '"' || char === "'" ? this.string(char) : this.name()
      this.expect(':')
      record[key] = this.value()
      if (this.peek() === ',') this.at++
      else if (this.peek() !== '}') this.fail('expected "," or "}"')
    }
    this.at++
    return record
  }

  call(): Value[] {
    this.expect('(')
    return this.list(')')
  }

  builder(): JsonShape {
    this.expect('.')
    const name = this.name()
    const args = this.call()
    const shapeArg = () => (isShape(args[0]) ? args[0] : this.fail(`z.${name} takes a schema`))
    switch (name) {
      case 'string':
        return { type: 'string' }
      case 'number':
        return { type: 'number' }
      case 'boolean':
        return { type: 'boolean' }
      case 'any':
      case 'unknown':
        return { type: 'any' }
      case 'literal':
        return { type: 'string', enum: [String(args[0])] }
      case 'enum': {
        const options = args[0]
        if (!Array.isArray(options) || !options.every((option) => typeof option === 'string'))
          this.fail('z.enum takes a list of texts')
        return { type: 'string', enum: options as string[] }
      }
      case 'array':
        return { type: 'array', items: shapeArg() }
      case 'optional':
        return { ...shapeArg(), optional: true }
      case 'nullable':
        return { ...shapeArg(), nullable: true }
      case 'object': {
        const record = args[0]
        if (typeof record !== 'object' || Array.isArray(record) || isShape(record)) this.fail('z.object takes { }')
        const properties: Record<string, JsonShape> = {}
        for (const [key, property] of Object.entries(record as Record<string, Value>)) {
          properties[key] = isShape(property) ? property : this.fail(`${key} is not a schema`)
        }
        return { type: 'object', properties }
      }
      default:
        return this.fail(`z.${name} is not supported`)
    }
  }

  chain(shape: JsonShape): JsonShape {
    while (this.peek() === '.') {
      this.at++
      const name = this.name()
      shape = applyMethod(shape, name, this.call(), (message) => this.fail(message))
    }
    return shape
  }
}

function applyMethod(shape: JsonShape, name: string, args: Value[], fail: (message: string) => never): JsonShape {
  const count = typeof args[0] === 'number' ? args[0] : undefined
  const limit = (key: 'min' | 'max'): JsonShape => {
    if (count === undefined) return fail(`.${name} takes a number`)
    if (shape.type === 'string') return { ...shape, [key === 'min' ? 'minLength' : 'maxLength']: count }
    if (shape.type === 'array') return { ...shape, [key === 'min' ? 'minItems' : 'maxItems']: count }
    if (shape.type === 'number') return { ...shape, [key === 'min' ? 'minimum' : 'maximum']: count }
    return fail(`.${name} does not apply to ${shape.type}`)
  }
  if (KEPT_AS_IS.has(name)) return shape
  switch (name) {
    case 'min':
    case 'gte':
    case 'nonempty':
      return name === 'nonempty' ? applyMethod(shape, 'min', [1], fail) : limit('min')
    case 'max':
    case 'lte':
      return limit('max')
    case 'length':
      return applyMethod(applyMethod(shape, 'min', args, fail), 'max', args, fail)
    case 'int':
      return shape.type === 'number' ? { ...shape, integer: true } : fail('.int applies to numbers')
    case 'positive':
    case 'nonnegative':
      return shape.type === 'number'
        ? { ...shape, minimum: name === 'positive' ? Number.MIN_VALUE : 0 }
        : fail(`.${name} applies to numbers`)
    case 'optional':
    case 'default':
      return { ...shape, optional: true }
    case 'nullable':
      return { ...shape, nullable: true }
    case 'nullish':
      return { ...shape, optional: true, nullable: true }
    case 'array':
      return { type: 'array', items: shape }
    case 'describe':
      return typeof args[0] === 'string' ? { ...shape, description: args[0] } : fail('.describe takes a text')
    default:
      return fail(`.${name} is not supported`)
  }
}

/** The shape a Zod schema text describes; throws naming what it cannot read. */
export function readZodText(text: string): JsonShape {
  const reader = new Reader(text.trim().replace(/;$/, ''))
  const value = reader.value()
  if (reader.peek() !== '') reader.fail('unexpected text after the schema')
  return isShape(value) ? value : reader.fail('expected a schema starting with z.')
}
