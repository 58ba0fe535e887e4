import Card from '@mui/material/Card'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

interface AuthCardProps {
  title: string
  subtitle?: ReactNode
  children: ReactNode
  /** Links under the card body, e.g. "Already have an account? Sign in". */
  footer?: ReactNode
}

/** The card every authentication page is drawn in. */
export default function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Card
      sx={(theme) => ({
        width: '100%',
        maxWidth: 420,
        p: { xs: 3, sm: 4 },
        boxShadow: theme.palette.mode === 'dark' ? 'none' : '0 1px 2px rgba(20,21,26,0.04), 0 12px 32px rgba(20,21,26,0.06)',
      })}
    >
      <Stack spacing={0.75} sx={{ mb: 3 }}>
        <Typography variant="h3" component="h1">
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </Stack>
      {children}
      {footer && (
        <Typography variant="body2" color="text.secondary" textAlign="center" sx={{ mt: 3 }}>
          {footer}
        </Typography>
      )}
    </Card>
  )
}
