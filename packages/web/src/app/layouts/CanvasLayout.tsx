import Box from '@mui/material/Box'
import GlobalStyles from '@mui/material/GlobalStyles'
import { Outlet } from 'react-router'

// Toasts keep their bottom-left corner (SPEC §9) but stand clear of the canvas's zoom buttons there.
const TOASTS_BESIDE_ZOOM = { '.notistack-SnackbarContainer': { marginLeft: 52 } }

/** The full-screen frame of the canvases; each canvas page draws its own header (back, name, actions). */
export default function CanvasLayout() {
  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <GlobalStyles styles={TOASTS_BESIDE_ZOOM} />
      <Box sx={{ flexGrow: 1, minHeight: 0, display: 'flex' }}>
        <Outlet />
      </Box>
    </Box>
  )
}
