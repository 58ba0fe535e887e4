// A file input's value as the canvas stores it, the way Flowise does so flows move between them:
// `data:<mime>;base64,<content>,filename:<name>`, several files as a JSON array of those. Text
// typed or sent in overrideConfig instead of a file is used as the file's content.

export interface TextFile {
  name: string
  text: string
}

const FILE_NAME = ',filename:'

/** The text files in a file input; `inputLabel` names the input in errors and text given directly. */
export function readTextFiles(raw: unknown, inputLabel: string): TextFile[] {
  if (typeof raw !== 'string' || raw.trim() === '') throw new Error(`Choose a file in ${inputLabel}.`)
  if (raw.startsWith('FILE-STORAGE::')) {
    throw new Error(`${inputLabel} names a file kept in another tool's storage: choose the file again.`)
  }
  const list = parseList(raw)
  if (list) return list.map((item) => decodeFile(item, inputLabel))
  return [raw.startsWith('data:') ? decodeFile(raw, inputLabel) : { name: inputLabel, text: raw }]
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

function decodeFile(encoded: string, inputLabel: string): TextFile {
  const nameAt = encoded.lastIndexOf(FILE_NAME)
  const name = nameAt === -1 ? inputLabel : encoded.slice(nameAt + FILE_NAME.length)
  const dataUrl = nameAt === -1 ? encoded : encoded.slice(0, nameAt)
  const comma = dataUrl.indexOf(',')
  if (comma === -1) throw new Error(`${inputLabel}: ${name} is not a file the canvas stored (no data).`)
  const header = dataUrl.slice('data:'.length, comma)
  const data = dataUrl.slice(comma + 1)
  const text = header.endsWith(';base64') ? Buffer.from(data, 'base64').toString('utf8') : decodeURIComponent(data)
  if (text.includes('\u0000')) throw new Error(`${inputLabel}: ${name} is not a text file.`)
  return { name, text: text.replace(/^\uFEFF/, '') }
}
