import Paper, { type PaperProps } from '@mui/material/Paper'
import { alpha } from '@mui/material/styles'

type NodeCardProps = PaperProps & { color: string; selected: boolean }

/** The surface of a node: outlined in its colour on hover and when selected; reveals its actions. */
export default function NodeCard({ color, selected, sx, children, ...paper }: NodeCardProps) {
  return (
    <Paper
      {...paper}
      sx={[
        (theme) => ({
          position: 'relative',
          border: 1,
          borderColor: selected ? color : 'divider',
          borderRadius: '10px',
          bgcolor: 'background.paper',
          boxShadow: selected
            ? `0 0 0 1px ${color}, 0 8px 24px ${alpha(color, 0.18)}`
            : theme.palette.mode === 'dark'
              ? '0 2px 8px rgba(0,0,0,0.4)'
              : '0 2px 8px rgba(20,21,26,0.06)',
          transition: 'border-color 120ms, box-shadow 120ms',
          '&:hover': { borderColor: color },
          '& .node-actions': { opacity: selected ? 1 : 0, transition: 'opacity 120ms' },
          '&:hover .node-actions, &:focus-within .node-actions': { opacity: 1 },
          '& .react-flow__handle': {
            width: 11,
            height: 11,
            bgcolor: 'background.paper',
            border: `2px solid ${color}`,
          },
          '& .react-flow__handle:hover': { bgcolor: color },
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Paper>
  )
}
