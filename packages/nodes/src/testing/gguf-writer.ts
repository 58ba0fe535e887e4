// Writes tiny GGUF model files so tests can run node-llama-cpp for real: no package ships model
// weights and no model hub is reachable, so tests generate a 1-block `llama` model with random
// weights (about 150 KB) from a seed. Its answers are noise, but loading, tokenizing, the chat
// template, sampling, streaming and cancelling all go through llama.cpp exactly as with a real model.
//
// GGUF v3, little endian:
//   "GGUF" | u32 version | u64 tensor count | u64 metadata count
//   metadata: { string key | u32 value type | value }, arrays as u32 item type + u64 count + items
//   tensor infos: { string name | u32 dims count | u64 dims (row length first) | u32 ggml type | u64 offset }
//   padding, then the tensor data, each tensor at a multiple of the alignment
// A string is a u64 byte length and its UTF-8 bytes.

type ScalarType = 'u32' | 'i32' | 'f32' | 'bool' | 'string'
type Scalar = number | boolean | string

export type GgufValue = { type: ScalarType; value: Scalar } | { type: 'array'; itemType: ScalarType; values: Scalar[] }

export interface GgufTensor {
  name: string
  /** Row length first, as ggml orders dimensions. */
  dims: number[]
  /** Written as F32, the one type llama.cpp reads without a quantisation table. */
  data: Float32Array
}

const TYPE_IDS: Record<ScalarType | 'array', number> = { u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9 }
const GGML_TYPE_F32 = 0
const ALIGNMENT = 32

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32LE(value)
  return bytes
}

function u64(value: number): Buffer {
  const bytes = Buffer.alloc(8)
  bytes.writeBigUInt64LE(BigInt(value))
  return bytes
}

function text(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8')
  return Buffer.concat([u64(bytes.length), bytes])
}

function scalar(type: ScalarType, value: Scalar): Buffer {
  const bytes = Buffer.alloc(4)
  switch (type) {
    case 'u32':
      return u32(Number(value))
    case 'i32':
      bytes.writeInt32LE(Number(value))
      return bytes
    case 'f32':
      bytes.writeFloatLE(Number(value))
      return bytes
    case 'bool':
      return Buffer.from([value ? 1 : 0])
    case 'string':
      return text(String(value))
  }
}

function metadataEntry(key: string, entry: GgufValue): Buffer {
  const head = [text(key), u32(TYPE_IDS[entry.type])]
  if (entry.type !== 'array') return Buffer.concat([...head, scalar(entry.type, entry.value)])
  const items = entry.values.map((value) => scalar(entry.itemType, value))
  return Buffer.concat([...head, u32(TYPE_IDS[entry.itemType]), u64(entry.values.length), ...items])
}

const padding = (length: number): Buffer => Buffer.alloc((ALIGNMENT - (length % ALIGNMENT)) % ALIGNMENT)

/** A GGUF v3 file: the metadata in the order given, then F32 tensors. */
export function encodeGguf(metadata: Record<string, GgufValue>, tensors: GgufTensor[]): Buffer {
  const entries = Object.entries(metadata)
  const infos: Buffer[] = []
  const data: Buffer[] = []
  let offset = 0
  for (const tensor of tensors) {
    const count = tensor.dims.reduce((product, dim) => product * dim, 1)
    if (count !== tensor.data.length) throw new Error(`${tensor.name}: dims ${tensor.dims} need ${count} values`)
    infos.push(text(tensor.name), u32(tensor.dims.length), ...tensor.dims.map(u64), u32(GGML_TYPE_F32), u64(offset))
    const bytes = Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength)
    data.push(bytes, padding(bytes.length))
    offset += bytes.length + padding(bytes.length).length
  }
  const head = Buffer.concat([
    Buffer.from('GGUF', 'ascii'),
    u32(3),
    u64(tensors.length),
    u64(entries.length),
    ...entries.map(([key, entry]) => metadataEntry(key, entry)),
    ...infos,
  ])
  return Buffer.concat([head, padding(head.length), ...data])
}

/** Seeded uniform numbers (mulberry32) and normal ones (Box–Muller), so a seed always gives the same file. */
function seededRandom(seed: number) {
  let state = seed >>> 0
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const normal = () => Math.sqrt(-2 * Math.log(Math.max(uniform(), 1e-12))) * Math.cos(2 * Math.PI * uniform())
  return { normal }
}

const TOKEN_TYPE = { normal: 1, unknown: 2, control: 3, byte: 6 }
const WORD_START = '\u2581'
const WORDS = ['the', 'a', 'is', 'of', 'and', 'to', 'in', 'hello', 'world', 'Hello', 'what', 'you', 'I', 't']
const WORD_PIECES = ['he', 'll', 'llo', 'or', 'ld', 'in', 'er', 'an', 'on', 'th']

/**
 * A SentencePiece ("llama") vocabulary: <unk>, <s>, </s>, the 256 byte tokens (so any UTF-8 text
 * round-trips), the printable ASCII characters and a few words.
 */
function sentencePieceVocabulary() {
  const tokens = ['<unk>', '<s>', '</s>']
  const types = [TOKEN_TYPE.unknown, TOKEN_TYPE.control, TOKEN_TYPE.control]
  const scores = [0, 0, 0]
  for (let byte = 0; byte < 256; byte++) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`)
    types.push(TOKEN_TYPE.byte)
    scores.push(0)
  }
  const pieces = new Set([WORD_START])
  for (let code = 0x21; code < 0x7f; code++) pieces.add(String.fromCharCode(code))
  // SentencePiece merges two pieces only when their join is in the vocabulary, so a word is
  // reachable only when every prefix of it is there too.
  for (const piece of [...WORDS.map((word) => WORD_START + word), ...WORD_PIECES]) {
    const chars = Array.from(piece)
    for (let end = 2; end <= chars.length; end++) pieces.add(chars.slice(0, end).join(''))
  }
  for (const piece of pieces) {
    tokens.push(piece)
    types.push(TOKEN_TYPE.normal)
    // Merges go by score: longer pieces win over the characters they are made of.
    scores.push(piece.length === 1 ? -1000 : -100 + piece.length)
  }
  return { tokens, types, scores }
}

export interface TinyLlamaOptions {
  seed?: number
  embedding?: number
  heads?: number
  feedForward?: number
  blocks?: number
  /** Only metadata (llama has no position table); llama.cpp pads contexts to 256, so keep it ≥ 256. */
  context?: number
}

/** The tensors of a `llama` model with random weights; norm weights are 1 so activations stay finite. */
function tinyLlamaTensors(options: Required<TinyLlamaOptions>, vocabularySize: number): GgufTensor[] {
  const random = seededRandom(options.seed)
  const { embedding, feedForward } = options
  const weights = (dims: number[], scale = 0.02): GgufTensor['data'] => {
    const values = new Float32Array(dims[0]! * (dims[1] ?? 1))
    for (let i = 0; i < values.length; i++) values[i] = random.normal() * scale
    return values
  }
  const tensor = (name: string, dims: number[], scale?: number): GgufTensor => ({
    name,
    dims,
    data: weights(dims, scale),
  })
  const norm = (name: string): GgufTensor => ({ name, dims: [embedding], data: new Float32Array(embedding).fill(1) })
  const tensors = [
    tensor('token_embd.weight', [embedding, vocabularySize], 1),
    norm('output_norm.weight'),
    tensor('output.weight', [embedding, vocabularySize], 0.5),
  ]
  for (let block = 0; block < options.blocks; block++) {
    const prefix = `blk.${block}.`
    tensors.push(
      norm(`${prefix}attn_norm.weight`),
      tensor(`${prefix}attn_q.weight`, [embedding, embedding]),
      tensor(`${prefix}attn_k.weight`, [embedding, embedding]),
      tensor(`${prefix}attn_v.weight`, [embedding, embedding]),
      tensor(`${prefix}attn_output.weight`, [embedding, embedding]),
      norm(`${prefix}ffn_norm.weight`),
      tensor(`${prefix}ffn_gate.weight`, [embedding, feedForward]),
      tensor(`${prefix}ffn_up.weight`, [embedding, feedForward]),
      tensor(`${prefix}ffn_down.weight`, [feedForward, embedding]),
    )
  }
  return tensors
}

const u32Value = (value: number): GgufValue => ({ type: 'u32', value })
const stringValue = (value: string): GgufValue => ({ type: 'string', value })

// A plain "role: content" template, so node-llama-cpp reads the chat format from the file as it
// does for real models.
const CHAT_TEMPLATE =
  "{% for message in messages %}{{ message['role'] + ': ' + message['content'] + '\n' }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ 'assistant: ' }}{% endif %}"

/** A tiny random-weight `llama` model as GGUF bytes; the same seed always gives the same bytes. */
export function makeTinyLlamaGguf(options: TinyLlamaOptions = {}): Buffer {
  const settings = { seed: 42, embedding: 32, heads: 2, feedForward: 64, blocks: 1, context: 512, ...options }
  const vocabulary = sentencePieceVocabulary()
  const metadata: Record<string, GgufValue> = {
    'general.architecture': stringValue('llama'),
    'general.name': stringValue('weft-tiny-random-llama (random weights, test only)'),
    'general.alignment': u32Value(ALIGNMENT),
    'general.file_type': u32Value(0),
    'llama.context_length': u32Value(settings.context),
    'llama.embedding_length': u32Value(settings.embedding),
    'llama.block_count': u32Value(settings.blocks),
    'llama.feed_forward_length': u32Value(settings.feedForward),
    'llama.attention.head_count': u32Value(settings.heads),
    'llama.attention.head_count_kv': u32Value(settings.heads),
    'llama.attention.layer_norm_rms_epsilon': { type: 'f32', value: 1e-5 },
    'llama.rope.dimension_count': u32Value(settings.embedding / settings.heads),
    'llama.rope.freq_base': { type: 'f32', value: 10000 },
    'llama.vocab_size': u32Value(vocabulary.tokens.length),
    'tokenizer.ggml.model': stringValue('llama'),
    'tokenizer.ggml.tokens': { type: 'array', itemType: 'string', values: vocabulary.tokens },
    'tokenizer.ggml.scores': { type: 'array', itemType: 'f32', values: vocabulary.scores },
    'tokenizer.ggml.token_type': { type: 'array', itemType: 'i32', values: vocabulary.types },
    'tokenizer.ggml.unknown_token_id': u32Value(0),
    'tokenizer.ggml.bos_token_id': u32Value(1),
    'tokenizer.ggml.eos_token_id': u32Value(2),
    'tokenizer.ggml.add_bos_token': { type: 'bool', value: true },
    'tokenizer.ggml.add_eos_token': { type: 'bool', value: false },
    'tokenizer.chat_template': stringValue(CHAT_TEMPLATE),
  }
  return encodeGguf(metadata, tinyLlamaTensors(settings, vocabulary.tokens.length))
}
