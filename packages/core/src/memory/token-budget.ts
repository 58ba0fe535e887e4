/** A rough token count of a text (about four characters a token), for budgets where no tokenizer is at hand. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4)

/**
 * Splits items (oldest first) into the older ones and the newest ones whose tokens together fit
 * `budget`: what Conversation Summary Buffer Memory keeps word for word, and what it summarises.
 * The newest item is always kept, even when it alone is over the budget.
 */
export function splitByTokenBudget<T>(
  items: readonly T[],
  budget: number,
  tokensOf: (item: T) => number,
): { older: T[]; recent: T[] } {
  let used = 0
  let start = items.length
  while (start > 0) {
    const cost = tokensOf(items[start - 1]!)
    if (start < items.length && used + cost > budget) break
    used += cost
    start--
  }
  return { older: items.slice(0, start), recent: items.slice(start) }
}
