import type { ChatSource, FeedbackRating } from '@weft/core'
import type { MessageFilter } from '../../api/messageHistory'

/** The filters as the dialog's controls hold them; dates are the date inputs' YYYY-MM-DD. */
export interface FilterChoice {
  source: 'all' | ChatSource
  from: string
  to: string
  feedback: 'all' | FeedbackRating
}

export const NO_FILTER: FilterChoice = { source: 'all', from: '', to: '', feedback: 'all' }

export const isFiltered = (choice: FilterChoice): boolean =>
  choice.source !== 'all' || choice.from !== '' || choice.to !== '' || choice.feedback !== 'all'

/** A picked day in the user's own time zone, from its first to its last millisecond. */
function dayEdge(day: string, edge: 'start' | 'end'): string | undefined {
  if (!day) return undefined
  const time = new Date(`${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}`)
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString()
}

/** True when both dates are picked and the range ends before it starts. */
export const isRangeReversed = (choice: FilterChoice): boolean =>
  choice.from !== '' && choice.to !== '' && choice.from > choice.to

/** The server's filter for the controls' choice. */
export function toMessageFilter(choice: FilterChoice): MessageFilter {
  const filter: MessageFilter = {}
  if (choice.source !== 'all') filter.source = choice.source
  const startDate = dayEdge(choice.from, 'start')
  const endDate = dayEdge(choice.to, 'end')
  if (startDate) filter.startDate = startDate
  if (endDate) filter.endDate = endDate
  if (choice.feedback !== 'all') filter.feedbackType = choice.feedback
  return filter
}
