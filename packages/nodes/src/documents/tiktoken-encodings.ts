import { Tiktoken } from 'js-tiktoken/lite'

// OpenAI's BPE encodings, from the rank files js-tiktoken ships (nothing is downloaded). Each file
// is 0.5–2 MB, so an encoding is imported the first time it is asked for and kept for the process.

export const ENCODING_NAMES = ['gpt2', 'r50k_base', 'p50k_base', 'p50k_edit', 'cl100k_base', 'o200k_base'] as const
export type EncodingName = (typeof ENCODING_NAMES)[number]

export const isEncodingName = (name: string): name is EncodingName =>
  (ENCODING_NAMES as readonly string[]).includes(name)

// Written out one by one so each import names its file (bundlers and type checks see them).
const RANKS: Record<EncodingName, () => Promise<{ default: ConstructorParameters<typeof Tiktoken>[0] }>> = {
  gpt2: () => import('js-tiktoken/ranks/gpt2'),
  r50k_base: () => import('js-tiktoken/ranks/r50k_base'),
  p50k_base: () => import('js-tiktoken/ranks/p50k_base'),
  p50k_edit: () => import('js-tiktoken/ranks/p50k_edit'),
  cl100k_base: () => import('js-tiktoken/ranks/cl100k_base'),
  o200k_base: () => import('js-tiktoken/ranks/o200k_base'),
}

const loaded = new Map<EncodingName, Promise<Tiktoken>>()

/** The encoder of `name`, built once. */
export function loadEncoding(name: EncodingName): Promise<Tiktoken> {
  let encoding = loaded.get(name)
  if (!encoding) {
    encoding = RANKS[name]().then((ranks) => new Tiktoken(ranks.default))
    // A failed import is not kept, so the next run tries again.
    encoding.catch(() => loaded.delete(name))
    loaded.set(name, encoding)
  }
  return encoding
}
