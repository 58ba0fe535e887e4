/** A flow's chat history as View Messages shows and exports it: pure functions over stored messages. */
export * from './chat-history.js'
export * from './chat-source.js'
export * from './chat-sessions.js'
export * from './rated-exchanges.js'
export * from './chat-stats.js'
export * from './export-chat-messages.js'
export * from './leads-csv.js'
