import Box from '@mui/material/Box'
import { alpha } from '@mui/material/styles'
import { Outlet } from 'react-router'
import Logo from '../../components/Logo'
import { dotGrid } from '../../theme/dotGrid'
import DarkModeToggle from './header/DarkModeToggle'

/** A centred card with the logo above it, on a quiet backdrop. */
export default function AuthLayout() {
  return (
    <Box
      sx={(theme) => ({
        ...dotGrid(theme),
        position: 'relative',
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 4,
        px: 2,
        py: 6,
        '&::before': {
          content: '""',
          position: 'absolute',
          inset: 0,
          pointerEvents: 'none',
          background: `radial-gradient(ellipse 70% 50% at 50% 0%, ${alpha(theme.palette.primary.main, 0.16)}, transparent 70%)`,
        },
      })}
    >
      <Box sx={{ position: 'absolute', top: 16, right: 16 }}>
        <DarkModeToggle />
      </Box>
      <Box sx={{ position: 'relative' }}>
        <Logo />
      </Box>
      <Box sx={{ position: 'relative', width: '100%', display: 'flex', justifyContent: 'center' }}>
        <Outlet />
      </Box>
    </Box>
  )
}
