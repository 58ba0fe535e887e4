import type { FullFileUploadSetting } from '../types/run.js'
import { isReadableFileType, normalizeMime, READABLE_FILE_TYPES } from './file-types.js'

/** A whole file's limit when the owner set none, and the highest one the owner may set (MB). */
export const DEFAULT_FILE_MAX_MB = 5
export const FILE_MAX_MB_LIMIT = 20

/** The whole-file types the owner allowed that Weft can read, from Flowise's comma-separated text. */
export function allowedFileTypes(setting: FullFileUploadSetting | undefined): string[] {
  const listed = (setting?.allowedUploadFileTypes ?? '').split(',').map(normalizeMime)
  return [...new Set(listed.filter(isReadableFileType))]
}

const isMaxMb = (value: number) => Number.isInteger(value) && value >= 1 && value <= FILE_MAX_MB_LIMIT

/** The owner's limit for whole files in MB: a whole number from 1 to FILE_MAX_MB_LIMIT, else the default. */
export function fileMaxMb(setting: FullFileUploadSetting | undefined): number {
  const value = Number(setting?.maxUploadSize)
  return isMaxMb(value) ? value : DEFAULT_FILE_MAX_MB
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** What is wrong with a stored `fullFileUpload` setting, naming the field; undefined when it can be used. */
export function fullFileUploadProblem(setting: unknown): string | undefined {
  if (setting === undefined || setting === null) return undefined
  if (!isObject(setting)) return 'fullFileUpload must be an object'
  const { status, allowedUploadFileTypes, maxUploadSize } = setting
  if (status !== undefined && typeof status !== 'boolean') return 'fullFileUpload.status must be true or false'
  if (allowedUploadFileTypes !== undefined && typeof allowedUploadFileTypes !== 'string')
    return 'fullFileUpload.allowedUploadFileTypes must be comma-separated MIME types'
  if (maxUploadSize !== undefined && !isMaxMb(Number(maxUploadSize)))
    return `fullFileUpload.maxUploadSize must be a whole number of MB from 1 to ${FILE_MAX_MB_LIMIT}`
  if (
    status === true &&
    allowedFileTypes(setting as Partial<FullFileUploadSetting> as FullFileUploadSetting).length === 0
  ) {
    const readable = READABLE_FILE_TYPES.map((choice) => choice.mime).join(', ')
    return `fullFileUpload.allowedUploadFileTypes must name at least one type Weft can read: ${readable}`
  }
  return undefined
}
