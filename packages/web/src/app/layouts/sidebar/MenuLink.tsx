import type { SvgIconComponent } from '@mui/icons-material'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

interface MenuLinkProps {
  icon: SvgIconComponent
  title: string
  /** An in-app path, or an external address when `external`. */
  to?: string
  external?: boolean
  selected?: boolean
  onClick?: () => void
  /** Drawn after the title, e.g. an "opens in a new tab" mark. */
  trailing?: ReactNode
}

/** One row of the side menu: an app link, an external link, or an action. */
export default function MenuLink({ icon: Icon, title, to, external, selected, onClick, trailing }: MenuLinkProps) {
  const target = external
    ? { component: 'a' as const, href: to, target: '_blank', rel: 'noopener noreferrer' }
    : to
      ? { component: Link, to }
      : {}
  return (
    <ListItemButton
      {...target}
      selected={selected ?? false}
      onClick={onClick}
      aria-current={selected ? 'page' : undefined}
      sx={{
        py: 0.75,
        px: 1.25,
        mb: 0.25,
        color: 'text.secondary',
        '&:hover': { color: 'text.primary' },
        '&.Mui-selected': { color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } },
      }}
    >
      <ListItemIcon sx={{ minWidth: 34, color: 'inherit' }}>
        <Icon sx={{ fontSize: 20 }} />
      </ListItemIcon>
      <ListItemText primary={title} slotProps={{ primary: { variant: 'body2', fontWeight: 500 } }} />
      {trailing}
    </ListItemButton>
  )
}
