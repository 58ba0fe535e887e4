import type { z } from 'zod'
import { badRequest } from '../http-error.js'

/** An assistant's details text read with `schema`, or a 400 naming the first thing wrong. */
export function readDetailsText<S extends z.ZodType>(text: string, schema: S): z.output<S> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw badRequest('body.details: must be JSON text of the assistant')
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw badRequest(`body.details.${issue.path.join('.')}: ${issue.message}`)
  }
  return parsed.data
}
