/** Flowise keeps a flow's categories in one text, separated by this. */
export const CATEGORY_SEPARATOR = ';'

export const CATEGORY_MAX_LENGTH = 50
/** The server keeps at most this many characters of categories. */
const CATEGORIES_MAX_LENGTH = 1000

/** The categories a flow's category text holds, in order, without blanks. */
export function categoriesOf(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(CATEGORY_SEPARATOR)
    .map((category) => category.trim())
    .filter(Boolean)
}

/** The category text to save: null when there is none. */
export function categoryTextOf(categories: readonly string[]): string | null {
  return categories.length === 0 ? null : categories.join(CATEGORY_SEPARATOR)
}

/** Why a category cannot be added to the others, or undefined when it can. */
export function categoryError(category: string, others: readonly string[]): string | undefined {
  const name = category.trim()
  if (name === '') return 'Category is required'
  if (name.includes(CATEGORY_SEPARATOR))
    return `A category cannot contain “${CATEGORY_SEPARATOR}”: it separates categories`
  if (name.length > CATEGORY_MAX_LENGTH) return `A category must be at most ${CATEGORY_MAX_LENGTH} characters`
  if (others.some((other) => other.toLowerCase() === name.toLowerCase())) return `${name} is already a category`
  if ((categoryTextOf([...others, name]) ?? '').length > CATEGORIES_MAX_LENGTH)
    return `All categories together must be at most ${CATEGORIES_MAX_LENGTH} characters`
  return undefined
}
