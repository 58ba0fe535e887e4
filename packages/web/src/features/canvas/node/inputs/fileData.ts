// Files travel inside the flow the way Flowise stores them, so flows move between the two:
// `data:<mime>;base64,<content>,filename:<name>`; several files as a JSON array of those.

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`))
    reader.readAsDataURL(file)
  })
}

export async function encodeFile(file: File): Promise<string> {
  return `${await readAsDataUrl(file)},filename:${file.name}`
}

export async function encodeFiles(files: readonly File[]): Promise<string> {
  return JSON.stringify(await Promise.all(files.map(encodeFile)))
}

/** The name an encoded file carries, or '' for no file. */
export function encodedFileName(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('data:')) return ''
  return value.match(/,filename:([^,]*)$/)?.[1] ?? 'file'
}

/** How many files an encoded folder holds. */
export function encodedFileCount(value: unknown): number {
  if (typeof value !== 'string' || !value.startsWith('[')) return 0
  try {
    const list: unknown = JSON.parse(value)
    return Array.isArray(list) ? list.length : 0
  } catch {
    return 0
  }
}
