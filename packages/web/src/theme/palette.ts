import type { PaletteMode, PaletteOptions } from '@mui/material/styles'

// One indigo accent on quiet neutrals; status colours follow SPEC §9 (green, red, blue, orange).
const light: PaletteOptions = {
  mode: 'light',
  primary: { main: '#5B5BD6', light: '#7B7BE3', dark: '#4747B8', contrastText: '#FFFFFF' },
  secondary: { main: '#0F766E', contrastText: '#FFFFFF' },
  success: { main: '#16A34A' },
  error: { main: '#DC2626' },
  info: { main: '#2563EB' },
  warning: { main: '#EA580C' },
  background: { default: '#F7F7F9', paper: '#FFFFFF' },
  text: { primary: '#14151A', secondary: '#5E6270', disabled: '#A2A5AF' },
  divider: '#E6E7EC',
  action: { hover: 'rgba(20, 21, 26, 0.04)', selected: 'rgba(91, 91, 214, 0.08)' },
}

const dark: PaletteOptions = {
  mode: 'dark',
  primary: { main: '#8E8EF2', light: '#A9A9F7', dark: '#6E6EE0', contrastText: '#0B0B12' },
  secondary: { main: '#2DD4BF', contrastText: '#04201C' },
  success: { main: '#22C55E' },
  error: { main: '#EF4444' },
  info: { main: '#3B82F6' },
  warning: { main: '#F97316' },
  background: { default: '#0B0C0F', paper: '#131418' },
  text: { primary: '#ECEDF0', secondary: '#9A9DA8', disabled: '#5E616B' },
  divider: '#24262D',
  action: { hover: 'rgba(236, 237, 240, 0.05)', selected: 'rgba(142, 142, 242, 0.14)' },
}

export const paletteFor = (mode: PaletteMode): PaletteOptions => (mode === 'dark' ? dark : light)
