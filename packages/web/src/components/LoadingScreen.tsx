import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'

/** Shown while the app reads its settings; nothing else can be decided before that. */
export default function LoadingScreen() {
  return (
    <Box role="status" aria-label="Loading" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress size={28} thickness={4} />
    </Box>
  )
}
