import Box from '@mui/material/Box'
import { useTheme } from '@mui/material/styles'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useState } from 'react'
import { Outlet } from 'react-router'
import WorkspaceUnavailableDialog from '../../features/workspace/WorkspaceUnavailableDialog'
import { useCustomization } from '../../store/customization'
import Header from './header/Header'
import SideMenu from './sidebar/SideMenu'
import { HEADER_HEIGHT } from './sizes'

/** Top bar, side menu and the screen. */
export default function MainLayout() {
  const theme = useTheme()
  const isWide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true })
  // Wide screens keep the remembered menu state (open by default); below `lg` the menu is a
  // temporary drawer that starts closed.
  const opened = useCustomization((state) => state.opened)
  const setOpened = useCustomization((state) => state.setOpened)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const menuOpen = isWide ? opened : drawerOpen
  const setMenuOpen = isWide ? setOpened : setDrawerOpen

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Header menuOpen={menuOpen} onToggleMenu={() => setMenuOpen(!menuOpen)} />
      <SideMenu isWide={isWide} open={menuOpen} onClose={() => setMenuOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, pt: `${HEADER_HEIGHT}px` }}>
        <Box sx={{ maxWidth: 1280, mx: 'auto', px: { xs: 2, sm: 3, md: 5 }, py: { xs: 3, md: 5 } }}>
          <Outlet />
        </Box>
      </Box>
      <WorkspaceUnavailableDialog />
    </Box>
  )
}
