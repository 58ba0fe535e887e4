import type { LoginResponse, LogoutResponse } from '@weft/core'
import { api } from './http'

interface MessageResponse {
  message: string
}

export interface NewAccount {
  name: string
  email: string
  password: string
}

export const login = (body: { email: string; password: string }) => api.post<LoginResponse>('/auth/login', body)

export const logout = () => api.post<LogoutResponse>('/account/logout')

export const getSetupStatus = () => api.get<{ required: boolean }>('/organization-setup')

export const setupOrganization = (body: NewAccount) => api.post<LoginResponse>('/organization-setup', body)

export const register = (body: NewAccount & { token?: string }) => api.post<MessageResponse>('/account/register', body)

export const verifyEmail = (token: string) => api.post<MessageResponse>('/account/verify', { token })

export const resendVerification = (email: string) =>
  api.post<MessageResponse>('/account/resend-verification', { email })

export const forgotPassword = (email: string) => api.post<MessageResponse>('/account/forgot-password', { email })

export const resetPassword = (body: { token: string; password: string }) =>
  api.post<MessageResponse>('/account/reset-password', body)
