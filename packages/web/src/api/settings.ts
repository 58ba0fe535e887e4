import type { Settings, VersionInfo } from '@weft/core'
import { api } from './http'

export const getSettings = () => api.get<Settings>('/settings')

export const getVersion = () => api.get<VersionInfo>('/version')
