import { createTheme, type PaletteMode } from '@mui/material/styles'
import { components } from './components'
import { paletteFor } from './palette'
import { typographyFor } from './typography'

export interface ThemeSettings {
  mode: PaletteMode
  fontFamily: string
  borderRadius: number
}

export const createAppTheme = ({ mode, fontFamily, borderRadius }: ThemeSettings) =>
  createTheme({
    palette: paletteFor(mode),
    typography: typographyFor(fontFamily),
    shape: { borderRadius },
    components,
  })
