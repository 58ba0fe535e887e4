import { useEffect } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import ConfirmDialog from '../components/confirm/ConfirmDialog'
import LoadingScreen from '../components/LoadingScreen'
import { useSettings } from '../store/settings'
import { useRouteRule } from './useRouteRule'

const SETUP_PATH = '/organization-setup'

/** Waits for the settings, sends a fresh install to organization setup, and titles the page. */
export default function Root() {
  const loading = useSettings((state) => state.loading)
  const setupRequired = useSettings((state) => state.setupRequired)
  const { pathname } = useLocation()
  const rule = useRouteRule()
  const title = rule?.title

  useEffect(() => {
    document.title = title ? `${title} · Weft` : 'Weft'
  }, [title])

  // Public pages (a chatbot, an execution) need nothing the settings say, so strangers never wait for them.
  if (loading && rule?.layout !== 'public') return <LoadingScreen />
  if (setupRequired && pathname !== SETUP_PATH) return <Navigate to={SETUP_PATH} replace />
  return (
    <>
      <Outlet />
      <ConfirmDialog />
    </>
  )
}
