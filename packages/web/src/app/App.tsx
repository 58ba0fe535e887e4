import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { QueryClientProvider } from '@tanstack/react-query'
import { useMemo } from 'react'
import { RouterProvider, type createBrowserRouter } from 'react-router'
import NotificationProvider from '../components/notifications/NotificationProvider'
import { useCustomization } from '../store/customization'
import { createAppTheme } from '../theme/createAppTheme'
import { queryClient } from './queryClient'

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
