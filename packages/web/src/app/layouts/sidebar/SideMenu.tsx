import Box from '@mui/material/Box'
import Drawer from '@mui/material/Drawer'
import { Link } from 'react-router'
import Logo from '../../../components/Logo'
import { DRAWER_WIDTH, HEADER_HEIGHT } from '../sizes'
import SideMenuItems from './SideMenuItems'

interface SideMenuProps {
  isWide: boolean
  open: boolean
  onClose: () => void
}

const paper = { width: DRAWER_WIDTH, boxSizing: 'border-box' as const, borderColor: 'divider' }

/** Beside the content on wide screens; a temporary drawer over it below the `lg` breakpoint. */
export default function SideMenu({ isWide, open, onClose }: SideMenuProps) {
  if (!isWide) {
    return (
      <Drawer variant="temporary" open={open} onClose={onClose} slotProps={{ paper: { sx: paper } }}>
        <Box sx={{ height: HEADER_HEIGHT, px: 0.5, display: 'flex', alignItems: 'center' }}>
          <Link to="/chatflows" aria-label="Weft home" onClick={onClose}>
            <Logo />
          </Link>
        </Box>
        <SideMenuItems onNavigate={onClose} />
      </Drawer>
    )
  }
  return (
    <Box
      sx={(theme) => ({
        width: open ? DRAWER_WIDTH : 0,
        flexShrink: 0,
        transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
      })}
    >
      <Drawer
        variant="persistent"
        open={open}
        slotProps={{ paper: { sx: { ...paper, top: HEADER_HEIGHT, height: `calc(100% - ${HEADER_HEIGHT}px)` } } }}
      >
        <SideMenuItems />
      </Drawer>
    </Box>
  )
}
