import List from '@mui/material/List'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

/** A titled group of menu rows; the primary group has no title. */
export default function MenuSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <List disablePadding sx={{ px: 1.5, pt: title ? 2 : 1.5 }} aria-label={title || 'Main'}>
      {title && (
        <Typography variant="overline" color="text.secondary" component="li" sx={{ display: 'block', px: 1.25, pb: 0.5, opacity: 0.8 }}>
          {title}
        </Typography>
      )}
      {children}
    </List>
  )
}
