/** The largest import file the server takes (and the web sends): the bundle is one JSON body. */
export const IMPORT_SIZE_LIMIT = 20 * 1024 * 1024

/** The limit in words, e.g. "20 MB". */
export const importSizeLimitText = () => `${IMPORT_SIZE_LIMIT / 1024 / 1024} MB`
