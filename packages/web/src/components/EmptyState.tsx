import type { SvgIconComponent } from '@mui/icons-material'
import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

interface EmptyStateProps {
  icon: SvgIconComponent
  title: string
  description?: string
  /** Buttons or links under the text. */
  children?: ReactNode
}

/** What a screen shows when it has nothing to show yet. */
export default function EmptyState({ icon: Icon, title, description, children }: EmptyStateProps) {
  return (
    <Stack alignItems="center" textAlign="center" spacing={1.5} sx={{ py: 8, px: 3 }}>
      <Box
        sx={(theme) => ({
          width: 56,
          height: 56,
          mb: 1,
          display: 'grid',
          placeItems: 'center',
          borderRadius: '14px',
          color: 'primary.main',
          border: `1px solid ${theme.palette.divider}`,
          background: `linear-gradient(180deg, ${theme.palette.action.selected}, transparent)`,
          boxShadow: theme.palette.mode === 'dark' ? 'none' : '0 1px 2px rgba(20,21,26,0.06)',
        })}
      >
        <Icon />
      </Box>
      <Typography variant="h5" component="p">
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 380 }}>
          {description}
        </Typography>
      )}
      {children && <Box sx={{ pt: 1.5 }}>{children}</Box>}
    </Stack>
  )
}
