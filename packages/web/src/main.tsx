import '@fontsource/inter/400.css'
import '@fontsource/inter/500.css'
import '@fontsource/inter/600.css'
import '@fontsource/inter/700.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import App from './app/App'
import { setNavigator } from './app/navigation'
import { preloadOpeningPage } from './app/preload'
import { routes } from './app/routes'
import { useSettings } from './store/settings'

void useSettings.getState().load()
preloadOpeningPage(window.location.pathname)

const router = createBrowserRouter(routes)
setNavigator((to, from) => void router.navigate(to, from ? { state: { from } } : {}))

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
)
