import Box from '@mui/material/Box'
import type { ReactNode } from 'react'

/** Cards in as many 280-px-wide columns as fit: one on phones, three or four on desktops. */
export default function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box
      role="list"
      aria-label={label}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))' }}
    >
      {children}
    </Box>
  )
}
