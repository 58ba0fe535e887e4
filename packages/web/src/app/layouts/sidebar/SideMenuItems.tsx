import Logout from '@mui/icons-material/LogoutOutlined'
import MenuBook from '@mui/icons-material/MenuBookOutlined'
import OpenInNew from '@mui/icons-material/OpenInNew'
import Box from '@mui/material/Box'
import { DEFAULT_PATH, visibleMenu } from '@weft/core'
import { useLocation } from 'react-router'
import { useLogout } from '../../../features/session/useLogout'
import { useAccessContext } from '../../../store/useAccessContext'
import { menuIcon } from '../../../components/menuIcon'
import MenuLink from './MenuLink'
import MenuSection from './MenuSection'

const DOCS_URL = 'https://docs.weft.dev'

const isActive = (url: string, pathname: string): boolean =>
  pathname === url || pathname.startsWith(`${url}/`) || (url === DEFAULT_PATH && pathname === '/')

/** The menu groups the user may see, plus Documentation and Logout on cloud. */
export default function SideMenuItems({ onNavigate }: { onNavigate?: () => void }) {
  const ctx = useAccessContext()
  const { pathname } = useLocation()
  const logout = useLogout()
  if (!ctx) return null
  return (
    <Box component="nav" aria-label="Main menu" sx={{ pb: 2 }}>
      {visibleMenu(ctx).map((group) => (
        <MenuSection key={group.id} title={group.title}>
          {group.items.map((item) => (
            <MenuLink
              key={item.id}
              icon={menuIcon(item.icon)}
              title={item.title}
              to={item.url}
              selected={isActive(item.url, pathname)}
              onClick={onNavigate}
            />
          ))}
        </MenuSection>
      ))}
      {ctx.platform === 'cloud' && (
        <MenuSection title="Help">
          <MenuLink
            icon={MenuBook}
            title="Documentation"
            to={DOCS_URL}
            external
            trailing={<OpenInNew sx={{ fontSize: 14, opacity: 0.6 }} />}
          />
          <MenuLink icon={Logout} title="Logout" onClick={() => void logout()} />
        </MenuSection>
      )}
    </Box>
  )
}
