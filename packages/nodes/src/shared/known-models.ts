import type { InputOption } from '@weft/core'
import type { LoadMethod } from '../define-node.js'

/** A load method that answers a fixed list, so a model picker works without a network or a key. */
export function listKnownModels(names: readonly string[]): LoadMethod {
  const options: InputOption[] = names.map((name) => ({ label: name, name }))
  return async () => options
}
