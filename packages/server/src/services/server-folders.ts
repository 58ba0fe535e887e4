import { homedir, tmpdir } from 'node:os'
import type { AppContext } from '../context.js'

/**
 * The folders of this server that no answer may name (see `hideServerFolders`): its data folder
 * (WEFT_HOME), the tool files and SQLite folders, the temporary folder, the home folder and the
 * folder it runs from.
 */
export function serverFolders(ctx: Pick<AppContext, 'config'>): string[] {
  return [
    ctx.config.home,
    ctx.config.toolFilesFolder,
    process.env.WEFT_SQLITE_FOLDER,
    tmpdir(),
    homedir(),
    process.cwd(),
  ].filter((folder): folder is string => typeof folder === 'string' && folder !== '')
}
