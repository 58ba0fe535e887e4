/** Response synthesis of the LlamaIndex-style engines: packing passages and filling prompts. */
export * from './pack-chunks.js'
export * from './synthesis-prompts.js'
export * from './sub-questions.js'
