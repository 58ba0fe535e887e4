import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import type { ReactNode } from 'react'

interface RowActionProps {
  /** What the button does to which item, e.g. "Delete OpenAI key": its accessible name. */
  label: string
  /** The short word shown on hover, e.g. "Delete". */
  title: string
  icon: ReactNode
  onClick: () => void
  danger?: boolean
}

/** An icon button at the end of a table row. */
export default function RowAction({ label, title, icon, onClick, danger = false }: RowActionProps) {
  return (
    <Tooltip title={title}>
      <IconButton
        size="small"
        aria-label={label}
        onClick={onClick}
        sx={danger ? { '&:hover': { color: 'error.main' } } : undefined}
      >
        {icon}
      </IconButton>
    </Tooltip>
  )
}
