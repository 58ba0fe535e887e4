import { useTheme } from '@mui/material/styles'

/** The node's own colour, or the theme's accent for a node that has none. */
export function useNodeColor(color: string | undefined): string {
  const theme = useTheme()
  return color || theme.palette.primary.main
}
