import { styled } from '@mui/material/styles'
import { Link } from 'react-router'

/**
 * A link whose click area covers its whole card (the card must be `position: relative`), so the
 * card opens with a click yet stays a real link; controls above it need `position: relative; z-index: 1`.
 */
const StretchedLink = styled(Link)(({ theme }) => ({
  color: 'inherit',
  textDecoration: 'none',
  outline: 'none',
  '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
  '&:focus-visible::after': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
}))

export default StretchedLink
