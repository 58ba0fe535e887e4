import type { User } from '@weft/core'
import { api } from './http'

export interface UserUpdate {
  name?: string
  email?: string
  oldPassword?: string
  newPassword?: string
}

export const updateUser = (body: UserUpdate) => api.put<User>('/user', body)
