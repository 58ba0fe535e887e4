import ArrowBack from '@mui/icons-material/ArrowBack'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Typography from '@mui/material/Typography'
import { Link, Outlet } from 'react-router'
import { useRouteRule } from '../useRouteRule'

const HEADER = 56

// Each canvas returns to the list its flows or templates come from.
function listPath(path: string): string {
  if (path.includes('marketplace')) return '/marketplaces'
  if (path.includes('agentcanvas')) return '/agentflows'
  return '/chatflows'
}

/** The full-screen canvas: a slim header and the canvas filling the rest. */
export default function CanvasLayout() {
  const rule = useRouteRule()
  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          height: HEADER,
          flexShrink: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <IconButton component={Link} to={listPath(rule?.path ?? '')} aria-label="Back">
          <ArrowBack fontSize="small" />
        </IconButton>
        <Typography variant="h5" component="h1">
          {rule?.title}
        </Typography>
      </Box>
      <Box sx={{ flexGrow: 1, minHeight: 0, display: 'flex' }}>
        <Outlet />
      </Box>
    </Box>
  )
}
