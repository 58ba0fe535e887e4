import { overrideLockOf } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { findNode } from '../find-node.js'

// An API caller's overrideConfig must never move a credential's key to another server: every input
// of these nodes that names an address or carries headers is locked while a credential is attached.

const NODES = [
  'chatOpenRouter',
  'chatNvidiaNIM',
  'chatCerebras',
  'chatLitellm',
  'chatLocalAI',
  'chatHuggingFace',
  'localAIEmbeddings',
  'huggingFaceInferenceEmbeddings',
  'openAI',
  'replicate',
  'huggingFaceInference_LLMs',
]
const ADDRESS_INPUTS = new Set(['basePath', 'endpoint', 'baseOptions', 'additionalInputs'])

describe('the hosted model nodes under overrideConfig', () => {
  it.each(NODES)('%s locks its address and header inputs while a credential is attached', (name) => {
    const inputs = findNode(name)!.descriptor.inputs.filter((input) => ADDRESS_INPUTS.has(input.name))
    expect(inputs.length, name).toBeGreaterThan(0)
    for (const input of inputs) expect(overrideLockOf(input, true), `${name}.${input.name}`).toBe('credential')
  })
})
