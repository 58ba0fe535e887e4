import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@weft/core'
import { z } from 'zod'

/** Field schemas shared by the account routes; their messages name what is wrong. */
export const email = z.email('must be an email address').max(255, 'must be at most 255 characters')
export const password = z
  .string('is required')
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
export const name = z.string('is required').trim().min(1, 'is required').max(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`)
export const token = z.string('is required').min(1, 'is required').max(200, 'is too long')
export const message = z.object({ message: z.string() })
