import { alpha, type Theme } from '@mui/material/styles'

/** A faint dot grid, the texture of a canvas; used behind auth cards and empty canvases. */
export const dotGrid = (theme: Theme) => ({
  backgroundColor: theme.palette.background.default,
  backgroundImage: `radial-gradient(${alpha(theme.palette.text.primary, theme.palette.mode === 'dark' ? 0.09 : 0.1)} 1px, transparent 1px)`,
  backgroundSize: '20px 20px',
})
