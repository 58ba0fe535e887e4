/**
 * The query key of the workspace's API keys: the API Keys page and the key picker of a flow's
 * configuration (canvas/share/useApiKeys) share it, so a change in one shows in the other.
 */
export const API_KEYS_KEY = 'apikeys'
