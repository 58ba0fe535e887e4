import GitHub from '@mui/icons-material/GitHub'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { useQuery } from '@tanstack/react-query'
import { getStarCount, REPO_URL } from '../../../api/github'

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 })

/** A link to the open-source repository with its star count; without a count (offline installs), no badge. */
export default function StarBadge() {
  const { data: stars } = useQuery({
    queryKey: ['github', 'stars'],
    queryFn: () => getStarCount().catch(() => null),
    staleTime: Infinity,
  })
  if (typeof stars !== 'number') return null
  return (
    <Button
      component="a"
      href={REPO_URL}
      target="_blank"
      rel="noopener noreferrer"
      variant="outlined"
      color="inherit"
      size="small"
      startIcon={<GitHub fontSize="small" />}
      sx={{ display: { xs: 'none', sm: 'inline-flex' }, borderColor: 'divider', color: 'text.secondary', height: 32 }}
    >
      Star
      <Box component="span" sx={{ ml: 1, pl: 1, borderLeft: 1, borderColor: 'divider', color: 'text.primary' }}>
        {compact.format(stars)}
      </Box>
    </Button>
  )
}
