/** Every cached executions list starts with this key; changes to executions invalidate it. */
export const EXECUTIONS_KEY = 'executions'

/** One execution, as the drawer shows it. */
export const executionKey = (id: string) => ['execution', id] as const
