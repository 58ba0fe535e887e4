import MenuIcon from '@mui/icons-material/Menu'
import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import { alpha } from '@mui/material/styles'
import Toolbar from '@mui/material/Toolbar'
import { Link } from 'react-router'
import Logo from '../../../components/Logo'
import WorkspaceSwitcher from '../../../features/workspace/WorkspaceSwitcher'
import { useSession } from '../../../store/session'
import { useSettings } from '../../../store/settings'
import { HEADER_HEIGHT } from '../sizes'
import DarkModeToggle from './DarkModeToggle'
import OrganizationBreadcrumb from './OrganizationBreadcrumb'
import StarBadge from './StarBadge'
import UpgradeButton from './UpgradeButton'
import UserMenu from './UserMenu'

interface HeaderProps {
  menuOpen: boolean
  onToggleMenu: () => void
}

export default function Header({ menuOpen, onToggleMenu }: HeaderProps) {
  const platform = useSettings((state) => state.platform)
  const isOrganizationAdmin = useSession((state) => state.user?.isOrganizationAdmin ?? false)

  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={(theme) => ({
        // Above the side menu when it sits beside the content; below the temporary drawer on small screens.
        zIndex: { lg: theme.zIndex.drawer + 1 },
        borderBottom: `1px solid ${theme.palette.divider}`,
        bgcolor: alpha(theme.palette.background.paper, 0.86),
        backdropFilter: 'saturate(180%) blur(10px)',
      })}
    >
      <Toolbar
        disableGutters
        sx={{ minHeight: HEADER_HEIGHT, height: HEADER_HEIGHT, gap: 1, pl: 0.5, pr: { xs: 1.5, sm: 2.5 } }}
      >
        <Box component={Link} to="/chatflows" aria-label="Weft home" sx={{ width: 150, flexShrink: 0 }}>
          <Logo />
        </Box>
        <Tooltip title={menuOpen ? 'Hide menu' : 'Show menu'}>
          <IconButton aria-label="Toggle menu" aria-expanded={menuOpen} onClick={onToggleMenu}>
            <MenuIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {platform === 'cloud' && <OrganizationBreadcrumb />}
        {platform === 'enterprise' && <WorkspaceSwitcher />}
        <Box sx={{ flexGrow: 1 }} />
        {platform !== 'enterprise' && <StarBadge />}
        {platform === 'cloud' && isOrganizationAdmin && <UpgradeButton />}
        <DarkModeToggle />
        <UserMenu />
      </Toolbar>
    </AppBar>
  )
}
