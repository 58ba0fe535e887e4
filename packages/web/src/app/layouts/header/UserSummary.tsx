import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'

/** Who is signed in, at the top of the user menu. */
export default function UserSummary({ name, email }: { name: string; email: string }) {
  return (
    <Box sx={{ px: 1.5, pt: 1, pb: 1.25 }}>
      <Typography variant="body2" fontWeight={600} noWrap>
        {name || email}
      </Typography>
      {name && (
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {email}
        </Typography>
      )}
    </Box>
  )
}

// Tells the menu to start keyboard focus on the first real item, not on this header.
UserSummary.muiSkipListHighlight = true
