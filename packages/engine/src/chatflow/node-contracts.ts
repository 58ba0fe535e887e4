// The run contract lives in @weft/nodes (define-node.ts); the engine uses it as it is.
export { isAnswerer } from '@weft/nodes'
export type { Answer, Answerer, MemoryStore, RunScope } from '@weft/nodes'
