import Paper from '@mui/material/Paper'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'

const WIDTHS = ['28%', '18%', '22%', '12%']

/** Rows of grey bars shaped like a resource table, while the list loads. */
export default function TableSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <Paper variant="outlined" role="status" aria-label={label} aria-busy sx={{ px: 2, py: 1 }}>
      {Array.from({ length: rows }, (_, row) => (
        <Stack key={row} direction="row" spacing={3} alignItems="center" sx={{ height: 52 }}>
          {WIDTHS.map((width, column) => (
            <Skeleton key={column} variant="text" width={width} height={22} />
          ))}
        </Stack>
      ))}
    </Paper>
  )
}
