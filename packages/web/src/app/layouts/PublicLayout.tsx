import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { matchPath, Outlet, useLocation } from 'react-router'

/** Public pages: the content alone, signed in or not. */
export default function PublicLayout() {
  // A chatbot draws its own footer, with the text its owner chose.
  const ownFooter = matchPath('/chatbot/:id', useLocation().pathname) !== null
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}>
        <Outlet />
      </Box>
      {!ownFooter && (
        <Typography variant="caption" color="text.secondary" textAlign="center" sx={{ pb: 2 }}>
          Powered by{' '}
          <Link href="/" color="inherit">
            Weft
          </Link>
        </Typography>
      )}
    </Box>
  )
}
