import type { InputParam } from '@weft/core'

/**
 * The optional address of a search service's credential (Flowise's credentials have only the key).
 * It lives with the key so only whoever saves the key decides where it is sent, never a flow's
 * inputs or a chat; its name holds "Url", so changing it asks for the key again.
 */
export const searchBaseUrlField = (name: string, publicUrl: string): InputParam => ({
  label: 'Base URL',
  name,
  type: 'string',
  optional: true,
  placeholder: publicUrl,
  description: `Where requests go; empty means ${publicUrl}. Set it only for a proxy or a compatible server of your own.`,
})
