import { QueryClient } from '@tanstack/react-query'

// Failures are shown by the screen that asked; retrying them silently only delays the message.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
})
