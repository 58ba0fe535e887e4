/** Run a call whose failure the user need not see: log it and answer the fallback instead. */
export async function loggedOr<T, F>(what: string, call: () => Promise<T>, fallback: F): Promise<T | F> {
  try {
    return await call()
  } catch (error) {
    console.error(`Failed to load ${what}`, error)
    return fallback
  }
}
