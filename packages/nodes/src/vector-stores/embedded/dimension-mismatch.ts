/** What a collection says when an embedding's vectors are not as long as the ones it holds. */
export function dimensionMismatch(label: string, held: number, given: number): Error {
  return new Error(
    `${label} holds vectors of ${held} numbers; this embedding gives ${given}. Clear the store or choose the same embedding.`,
  )
}
