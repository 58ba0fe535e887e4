import { failure } from '@weft/core'

// A file input's value as the canvas stores it, the way Flowise does so flows move between them:
// `data:<mime>;base64,<content>,filename:<name>`, several files as a JSON array of those. Text
// typed or sent in overrideConfig instead of a file is used as the file's content.

export interface TextFile {
  name: string
  text: string
  /** As the data URL gave it; empty for text given instead of a file. */
  mime: string
}

/** A file as it was stored, for loaders that read bytes (PDF, DOCX); `mime` as the data URL gave it. */
export interface BinaryFile {
  name: string
  mime: string
  bytes: Buffer
}

const FILE_NAME = ',filename:'

/** The text files in a file input; `inputLabel` names the input in errors and text given directly. */
export function readTextFiles(raw: unknown, inputLabel: string): TextFile[] {
  checkHoldsFile(raw, inputLabel)
  const list = parseList(raw)
  if (list) return list.map((item) => textOf(decodeFile(item, inputLabel), inputLabel))
  if (!raw.startsWith('data:')) return [{ name: inputLabel, text: raw, mime: '' }]
  return [textOf(decodeFile(raw, inputLabel), inputLabel)]
}

/** The files in a file input as bytes; text typed instead of a file is refused, as it holds no file. */
export function readBinaryFiles(raw: unknown, inputLabel: string): BinaryFile[] {
  checkHoldsFile(raw, inputLabel)
  const list = parseList(raw)
  if (list) return list.map((item) => decodeFile(item, inputLabel))
  if (!raw.startsWith('data:')) throw new Error(`${inputLabel} holds text, not a file: choose the file again.`)
  return [decodeFile(raw, inputLabel)]
}

function checkHoldsFile(raw: unknown, inputLabel: string): asserts raw is string {
  // The flow's to fix (422): the file is not there.
  if (typeof raw !== 'string' || raw.trim() === '') throw failure('configuration', `Choose a file in ${inputLabel}.`)
  if (raw.startsWith('FILE-STORAGE::')) {
    throw failure('configuration', `${inputLabel} names a file kept in another tool's storage: choose the file again.`)
  }
}

function parseList(raw: string): string[] | undefined {
  if (!raw.startsWith('[')) return undefined
  try {
    const value: unknown = JSON.parse(raw)
    return Array.isArray(value) && value.every((item) => typeof item === 'string' && item.startsWith('data:'))
      ? value
      : undefined
  } catch {
    return undefined
  }
}

function decodeFile(encoded: string, inputLabel: string): BinaryFile {
  const nameAt = encoded.lastIndexOf(FILE_NAME)
  const name = nameAt === -1 ? inputLabel : encoded.slice(nameAt + FILE_NAME.length)
  const dataUrl = nameAt === -1 ? encoded : encoded.slice(0, nameAt)
  const comma = dataUrl.indexOf(',')
  if (comma === -1) throw new Error(`${inputLabel}: ${name} is not a file the canvas stored (no data).`)
  const header = dataUrl.slice('data:'.length, comma)
  const data = dataUrl.slice(comma + 1)
  const base64 = header.endsWith(';base64')
  const bytes = base64 ? Buffer.from(data, 'base64') : Buffer.from(decodeURIComponent(data), 'utf8')
  return { name, mime: base64 ? header.slice(0, -';base64'.length) : header, bytes }
}

function textOf({ name, mime, bytes }: BinaryFile, inputLabel: string): TextFile {
  const text = bytes.toString('utf8')
  if (text.includes('\u0000')) throw new Error(`${inputLabel}: ${name} is not a text file.`)
  return { name, text: text.replace(/^\uFEFF/, ''), mime }
}
