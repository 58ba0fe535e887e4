/**
 * The largest flow save (POST/PUT /chatflows) and import file the server takes by default, in MB:
 * a flow is one JSON body, 2,000 nodes are about 5 MB, and Flowise takes 50 MB.
 * WEFT_FLOW_BODY_LIMIT_MB changes it; /api/v1/settings tells the web app the limit in force.
 */
export const DEFAULT_FLOW_BODY_LIMIT_MB = 50

/** The limit in words, e.g. "50 MB". */
export const flowBodyLimitText = (megabytes: number = DEFAULT_FLOW_BODY_LIMIT_MB) => `${megabytes} MB`

const MB = 1024 * 1024

/** What the canvas says when the server refuses a flow save as too large (413). */
export const flowTooLargeMessage = (bytes: number, limitMegabytes: number = DEFAULT_FLOW_BODY_LIMIT_MB): string =>
  `This flow is too large to save: it is ${(bytes / MB).toFixed(1)} MB, and this server takes flows of at most ${flowBodyLimitText(limitMegabytes)}.`

/** What the import dialog says of a file over the limit, before sending it. */
export const importTooLargeMessage = (limitMegabytes: number = DEFAULT_FLOW_BODY_LIMIT_MB): string =>
  `The file is too large: an import takes at most ${flowBodyLimitText(limitMegabytes)}`
