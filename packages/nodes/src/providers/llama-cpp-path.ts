import { stat } from 'node:fs/promises'
import { homedir } from 'node:os'
import { isAbsolute, join } from 'node:path'

// Where ChatLlamaCpp finds its GGUF file. The models folder sits in the data folder the server uses
// (WEFT_HOME, else ~/.weft), so a file dropped there is found by name alone.

/** `<WEFT_HOME>/models`, read when asked so a test or a server started later sees its own setting. */
export const modelsFolder = (): string => join(process.env.WEFT_HOME || join(homedir(), '.weft'), 'models')

/** An absolute path as given; anything else is a file name inside the models folder. */
export const resolveModelPath = (modelPath: string): string =>
  isAbsolute(modelPath) ? modelPath : join(modelsFolder(), modelPath)

/** A model file found on disk, with what tells a changed file from the one already loaded. */
export interface ModelFile {
  path: string
  version: string
}

/** The file at `modelPath`, or an error naming the path and where GGUF files go. */
export async function findModelFile(modelPath: string, nodeLabel: string): Promise<ModelFile> {
  const path = resolveModelPath(modelPath)
  const found = await stat(path).catch(() => undefined)
  if (!found?.isFile()) {
    throw new Error(
      `${nodeLabel}: no GGUF file at ${path}. Put GGUF files in ${modelsFolder()} and give the file name, ` +
        'or give an absolute path in Model Path.',
    )
  }
  return { path, version: `${found.size}:${found.mtimeMs}` }
}
