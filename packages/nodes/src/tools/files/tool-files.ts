import { constants } from 'node:fs'
import { open, realpath, type FileHandle } from 'node:fs/promises'
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'

// Read File and Write File reach only the one folder the administrator set in WEFT_TOOL_FILES_DIR.
// Each refusal is an answer the agent reads (a thrown error would end the run), naming the path as
// the agent gave it and never where the folder is on the server.

/** Past this many bytes a file is not read, and a text is not written. */
export const MAX_FILE_BYTES = 1_000_000

// O_NOFOLLOW: the last part of the path is never followed as a symlink. O_NONBLOCK: opening a pipe
// someone placed in the folder does not hang the run. Both are 0 where the platform lacks them.
const NO_FOLLOW = (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)

/** Where a file the agent named is, once it proved to be inside the folder; or why it is refused. */
type Located = { path: string } | { refusal: string }

const isInside = (folder: string, path: string) => {
  const rest = relative(folder, path)
  return rest === '' || (!isAbsolute(rest) && rest !== '..' && !rest.startsWith(`..${sep}`))
}

/**
 * The real path of `filePath` (under the subfolder `basePath`) inside `folder`: every folder on the
 * way resolved with realpath and checked to be inside, so neither `..` nor a symlinked folder leads
 * out. The last part is left to the caller, who opens it with O_NOFOLLOW.
 */
async function locate(tool: string, folder: string | undefined, basePath: string, filePath: string): Promise<Located> {
  if (!folder) {
    return {
      refusal: `${tool} is off: an administrator sets WEFT_TOOL_FILES_DIR to the one folder the file tools may use.`,
    }
  }
  if (basePath.includes('\0') || filePath.includes('\0')) return { refusal: 'A file path cannot contain a NUL byte.' }
  if (filePath.trim() === '') return { refusal: 'Name the file to use in file_path, e.g. notes.txt.' }
  let root: string
  try {
    root = await realpath(folder)
  } catch {
    return { refusal: `${tool} is off: the folder set in WEFT_TOOL_FILES_DIR does not exist.` }
  }
  // An absolute path counts when it names a place inside the folder, as configured or as resolved.
  const configured = resolve(folder)
  const wanted = resolve(configured, basePath, filePath)
  const from = [configured, root].find((start) => isInside(start, wanted))
  if (from === undefined) return { refusal: `${filePath} is outside the folder the file tools may use.` }
  const rest = relative(from, wanted)
  if (rest === '') return { refusal: `${filePath} names the folder itself, not a file in it.` }
  let parent: string
  try {
    parent = await realpath(dirname(join(root, rest)))
  } catch {
    return { refusal: `The folder of ${filePath} does not exist; use a folder that does.` }
  }
  if (!isInside(root, parent)) return { refusal: `${filePath} leads outside the folder the file tools may use.` }
  return { path: join(parent, basename(rest)) }
}

/** Why opening a located file failed, in words for the agent; undefined for a failure to rethrow. */
function openRefusal(error: unknown, filePath: string): string | undefined {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ELOOP':
    case 'EMLINK':
      return `${filePath} is a symbolic link, which the file tools do not follow.`
    case 'ENOENT':
      return `There is no file ${filePath}.`
    case 'EISDIR':
      return `${filePath} is a folder, not a file.`
    case 'ENXIO':
      return `${filePath} is not a regular file.`
    case 'EACCES':
    case 'EPERM':
      return `Weft may not open ${filePath}.`
    default:
      return undefined
  }
}

async function openLocated(path: string, flags: number, filePath: string): Promise<FileHandle | string> {
  try {
    return await open(path, flags | NO_FOLLOW, 0o644)
  } catch (error) {
    const refusal = openRefusal(error, filePath)
    if (refusal === undefined) throw error
    return refusal
  }
}

/** The file's text, or a sentence saying why it is not read. */
export async function readToolFile(folder: string | undefined, basePath: string, filePath: string): Promise<string> {
  const located = await locate('Read File', folder, basePath, filePath)
  if ('refusal' in located) return located.refusal
  const file = await openLocated(located.path, constants.O_RDONLY, filePath)
  if (typeof file === 'string') return file
  try {
    const stat = await file.stat()
    if (!stat.isFile()) return `${filePath} is not a regular file.`
    if (stat.size > MAX_FILE_BYTES) {
      return `${filePath} is ${stat.size} bytes; Read File reads files of at most ${MAX_FILE_BYTES} bytes.`
    }
    return await file.readFile('utf8')
  } finally {
    await file.close()
  }
}

/** Writes (or overwrites) the file and says so, or says why it did not. */
export async function writeToolFile(
  folder: string | undefined,
  basePath: string,
  filePath: string,
  text: string,
): Promise<string> {
  const located = await locate('Write File', folder, basePath, filePath)
  if ('refusal' in located) return located.refusal
  const bytes = Buffer.byteLength(text)
  if (bytes > MAX_FILE_BYTES) {
    return `The text is ${bytes} bytes; Write File writes at most ${MAX_FILE_BYTES} bytes.`
  }
  // Not O_TRUNC: whatever is there is emptied only once it proved to be a plain file.
  const file = await openLocated(located.path, constants.O_WRONLY | constants.O_CREAT, filePath)
  if (typeof file === 'string') return file
  try {
    if (!(await file.stat()).isFile()) return `${filePath} is not a regular file.`
    await file.truncate(0)
    await file.writeFile(text, 'utf8')
  } finally {
    await file.close()
  }
  return `Wrote ${bytes} bytes to ${filePath}.`
}
