import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useMemo } from 'react'
import { RouterProvider, type createBrowserRouter } from 'react-router'
import NotificationProvider from '../components/notifications/NotificationProvider'
import { useCustomization } from '../store/customization'
import { createAppTheme } from '../theme/createAppTheme'

// Failures are shown by the screen that asked; retrying them silently only delays the message.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
})

export default function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  const isDarkMode = useCustomization((state) => state.isDarkMode)
  const fontFamily = useCustomization((state) => state.fontFamily)
  const borderRadius = useCustomization((state) => state.borderRadius)
  const theme = useMemo(
    () => createAppTheme({ mode: isDarkMode ? 'dark' : 'light', fontFamily, borderRadius }),
    [isDarkMode, fontFamily, borderRadius],
  )
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <NotificationProvider>
          <RouterProvider router={router} />
        </NotificationProvider>
      </ThemeProvider>
    </QueryClientProvider>
  )
}
