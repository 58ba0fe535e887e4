/** Where a file a chat's question carried is served (Flowise's `get-upload-file`), under the name the server kept. */
export const uploadFileUrl = (flowId: string, chatId: string, fileName: string, apiHost = '') =>
  `${apiHost}/api/v1/get-upload-file?${new URLSearchParams({ chatflowId: flowId, chatId, fileName }).toString()}`
