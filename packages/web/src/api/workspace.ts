import type { LoginResponse } from '@weft/core'
import { api } from './http'

export const switchWorkspace = (id: string) =>
  api.post<LoginResponse>(`/workspace/switch?id=${encodeURIComponent(id)}`)
