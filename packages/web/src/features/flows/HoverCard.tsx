import Card from '@mui/material/Card'
import type { ReactNode } from 'react'

/** An outlined card that lifts a little on hover; a list item of a CardGrid. */
export default function HoverCard({ children }: { children: ReactNode }) {
  return (
    <Card
      role="listitem"
      sx={(theme) => ({
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        p: 2,
        minHeight: 168,
        transition: theme.transitions.create(['border-color', 'box-shadow']),
        '&:hover': {
          borderColor: theme.palette.primary.main,
          boxShadow: theme.palette.mode === 'dark' ? '0 8px 24px rgba(0,0,0,0.4)' : '0 8px 24px rgba(20,21,26,0.08)',
        },
      })}
    >
      {children}
    </Card>
  )
}
