import Box from '@mui/material/Box'
import { Outlet } from 'react-router'

/** The full-screen frame of the canvases; each canvas page draws its own header (back, name, actions). */
export default function CanvasLayout() {
  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box sx={{ flexGrow: 1, minHeight: 0, display: 'flex' }}>
        <Outlet />
      </Box>
    </Box>
  )
}
