import type { AppContext } from '../context.js'

/**
 * Whether this process is the only one that runs flows on its database: SQLite outside queue mode.
 * Then every run unfinished at start is left over from a stop; otherwise (PostgreSQL, or several
 * workers on one SQLite file) only runs not written for longer than a run may last are.
 */
export const onlyProcess = (ctx: Pick<AppContext, 'dialect' | 'config'>): boolean =>
  ctx.dialect === 'sqlite' && !ctx.config.queue
