import type { Upload, UploadType } from '@weft/core'

/** A picked file or a recording as the prediction API takes it: a base64 `data:` URL. */
export function readUpload(blob: Blob, name: string, type: UploadType): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () =>
      resolve({ type, name, mime: (blob.type.split(';')[0] ?? '').trim(), data: String(reader.result) })
    reader.onerror = () => reject(new Error(`${name} could not be read; pick it again.`))
    reader.readAsDataURL(blob)
  })
}
