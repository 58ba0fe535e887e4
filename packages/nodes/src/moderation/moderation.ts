import type { InputParam } from '@weft/core'
import type { Answerer, RunScope } from '../define-node.js'
import { isRecord, readList } from '../runtime/read-input.js'

/**
 * What a moderation node builds: a check of the user's input that answers the node's error message
 * when the input is refused, and nothing when it may go on to the model.
 */
export interface ModerationValue {
  kind: 'moderation'
  check: (input: string, scope: RunScope) => Promise<string | undefined>
}

export const isModeration = (value: unknown): value is ModerationValue => isRecord(value) && value.kind === 'moderation'

/** The Input Moderation anchor that chains and agents share, as Flowise names it. */
export const inputModerationParam: InputParam = {
  label: 'Input Moderation',
  name: 'inputModeration',
  type: 'Moderation',
  description: 'Check the input before the model sees it, and answer with the moderation’s message when it is refused.',
  list: true,
  optional: true,
}

/** The first refusal of the moderations connected to `raw`, in their order; undefined when all allow it. */
export async function refusalOf(raw: unknown, input: string, scope: RunScope): Promise<string | undefined> {
  for (const moderation of readList(raw).filter(isModeration)) {
    const refusal = await moderation.check(input, scope)
    if (refusal !== undefined) return refusal
  }
  return undefined
}

/**
 * The answerer behind moderation: a refused question is answered with the refusal (streamed as
 * one token) and never reaches the model.
 */
export function moderated(raw: unknown, answerer: Answerer): Answerer {
  if (!readList(raw).some(isModeration)) return answerer
  return {
    answer: async (scope) => {
      const refusal = await refusalOf(raw, scope.question, scope)
      if (refusal === undefined) return answerer.answer(scope)
      scope.emit({ event: 'token', data: refusal })
      return { text: refusal }
    },
  }
}
