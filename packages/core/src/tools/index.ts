/** Custom tools: their names, arguments and icons, and the saved tool of /api/v1/tools. */
export * from './saved-tool.js'
export * from './tool-name.js'
export * from './tool-input-schema.js'
export * from './tool-icon-src.js'
export * from './mcp-server-config.js'
export * from './openapi-operations.js'
