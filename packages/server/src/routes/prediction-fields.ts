import { FILE_MAX_MB_LIMIT, readChatTurn, UPLOAD_TYPES, type ChatTurn } from '@weft/core'
import { z } from 'zod'

const turnRole = z.enum(['userMessage', 'apiMessage'], 'must be userMessage or apiMessage').optional()
const turnText = z.string('must be text').max(100_000, 'must be at most 100000 characters').optional()

/** A turn as `{ role, content }`, or as flowise-sdk's type declares it, `{ message, type }`; read into a `ChatTurn`. */
const chatTurn = z
  .object({ role: turnRole, content: turnText, type: turnRole, message: turnText })
  .transform((sent, ctx): ChatTurn => {
    const read = readChatTurn(sent)
    if (read.ok) return read.turn
    ctx.addIssue({ code: 'custom', path: [read.field], message: read.message })
    return z.NEVER
  })

const upload = z.object({
  type: z.enum(UPLOAD_TYPES, `must be ${UPLOAD_TYPES.join(', ')}`),
  name: z.string('must be text').max(1000, 'must be at most 1000 characters'),
  mime: z.string('must be text').max(255, 'must be at most 255 characters'),
  data: z.string('must be text'),
})

/** Body of POST /prediction/:id and /internal-prediction/:id: core `PredictionRequest`, as Flowise clients send it. */
export const predictionBody = z
  .object({
    question: z.string('must be text').max(100_000, 'must be at most 100000 characters').default(''),
    streaming: z.boolean('must be true or false').optional(),
    overrideConfig: z.record(z.string(), z.unknown(), 'must be an object').optional(),
    history: z.array(chatTurn, 'must be a list of turns').max(1000, 'must hold at most 1000 turns').optional(),
    uploads: z.array(upload, 'must be a list of uploads').max(20, 'must hold at most 20 uploads').optional(),
    chatId: z.string('must be text').max(255, 'must be at most 255 characters').optional(),
    leadEmail: z.string('must be text').max(255, 'must be at most 255 characters').optional(),
    form: z.record(z.string(), z.unknown(), 'must be an object of field values').optional(),
    humanInput: z
      .object(
        {
          type: z.enum(['proceed', 'reject'], 'must be proceed or reject'),
          startNodeId: z.string('must be text').max(255, 'must be at most 255 characters'),
          feedback: z.string('must be text').max(100_000, 'must be at most 100000 characters').optional(),
        },
        'must be an object with type and startNodeId',
      )
      .optional(),
  })
  // An agentflow run may start from a form, and a paused one resumes with an answer instead of a question.
  .refine((body) => body.question.trim() !== '' || (body.uploads?.length ?? 0) > 0 || body.form || body.humanInput, {
    message: 'is required',
    path: ['question'],
  })

/**
 * A prediction's body may carry uploads as base64: room for the largest file an owner may allow
 * (base64 adds a third) and the question with its history beside it.
 */
export const PREDICTION_BODY_LIMIT = Math.ceil((FILE_MAX_MB_LIMIT * 1024 * 1024 * 4) / 3) + 5 * 1024 * 1024

export const flowIdParams = z.object({ id: z.string().min(1).max(100) })

/** A flow and one of its chats, as the embed names them in the path. */
export const flowChatParams = z.object({
  flowId: z.string().min(1).max(100),
  chatId: z.string().min(1, 'must not be empty').max(255, 'must be at most 255 characters'),
})
