import ArrowBack from '@mui/icons-material/ArrowBack'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'

interface BackHeaderProps {
  title: string
  /** Where the back arrow goes, and what it says it goes to ("Back to Handbook"). */
  back: { to: string; label: string }
  /** Shown beside the title, e.g. a status chip. */
  badge?: ReactNode
  /** Lines under the title: a description, counts. */
  children?: ReactNode
  /** Buttons at the right. */
  actions?: ReactNode
}

/** The header of a page inside a document store: a way back, the title and the page's actions. */
export default function BackHeader({ title, back, badge, children, actions }: BackHeaderProps) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      alignItems={{ xs: 'flex-start', sm: 'center' }}
      justifyContent="space-between"
      sx={{ mb: 3 }}
    >
      <Stack direction="row" spacing={1.5} alignItems="flex-start" sx={{ minWidth: 0 }}>
        <Tooltip title={back.label}>
          <IconButton component={RouterLink} to={back.to} aria-label={back.label} sx={{ mt: 0.25 }}>
            <ArrowBack />
          </IconButton>
        </Tooltip>
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1.5} alignItems="center" useFlexGap flexWrap="wrap">
            <Typography variant="h2" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
            {badge}
          </Stack>
          {children}
        </Stack>
      </Stack>
      {actions && (
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          {actions}
        </Stack>
      )}
    </Stack>
  )
}
