import { z } from 'zod'

/** Field schemas shared by the account routes; their messages name what is wrong. */
export const email = z.email('must be an email address').max(255, 'must be at most 255 characters')
export const password = z
  .string('is required')
  .min(8, 'must be at least 8 characters')
  .max(128, 'must be at most 128 characters')
export const name = z.string('is required').trim().min(1, 'is required').max(100, 'must be at most 100 characters')
export const token = z.string('is required').min(1, 'is required').max(200, 'is too long')
export const message = z.object({ message: z.string() })
