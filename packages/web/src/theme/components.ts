import type { Components, Theme } from '@mui/material/styles'

// Controls get a slightly tighter radius than surfaces so nested corners read as concentric.
const controlRadius = (theme: Theme) => Number(theme.shape.borderRadius) * 0.67

export const components: Components<Theme> = {
  MuiCssBaseline: {
    styleOverrides: {
      body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale', fontFeatureSettings: '"cv11", "ss01"' },
    },
  },
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: {
      root: ({ theme }) => ({ borderRadius: controlRadius(theme), paddingInline: 14 }),
      sizeLarge: { paddingBlock: 10, fontSize: '0.9375rem' },
    },
  },
  MuiIconButton: {
    styleOverrides: { root: ({ theme }) => ({ borderRadius: controlRadius(theme) }) },
  },
  MuiOutlinedInput: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: controlRadius(theme),
        backgroundColor: theme.palette.background.paper,
        '& .MuiOutlinedInput-notchedOutline': { borderColor: theme.palette.divider },
        '&:hover:not(.Mui-focused):not(.Mui-error) .MuiOutlinedInput-notchedOutline': {
          borderColor: theme.palette.text.disabled,
        },
      }),
    },
  },
  MuiPaper: {
    defaultProps: { elevation: 0 },
    styleOverrides: { root: { backgroundImage: 'none' } },
  },
  MuiCard: {
    defaultProps: { variant: 'outlined' },
  },
  MuiDialog: {
    styleOverrides: {
      paper: ({ theme }) => ({
        border: `1px solid ${theme.palette.divider}`,
        boxShadow: theme.palette.mode === 'dark' ? '0 24px 64px rgba(0,0,0,0.6)' : '0 24px 64px rgba(20,21,26,0.16)',
      }),
    },
  },
  MuiDialogTitle: {
    styleOverrides: { root: { fontSize: '1.0625rem', fontWeight: 600, paddingBottom: 8 } },
  },
  MuiMenu: {
    styleOverrides: {
      paper: ({ theme }) => ({
        border: `1px solid ${theme.palette.divider}`,
        boxShadow: theme.palette.mode === 'dark' ? '0 12px 32px rgba(0,0,0,0.5)' : '0 12px 32px rgba(20,21,26,0.12)',
      }),
      list: { padding: 6 },
    },
  },
  MuiMenuItem: {
    styleOverrides: {
      root: ({ theme }) => ({ borderRadius: controlRadius(theme) - 2, fontSize: '0.875rem', minHeight: 36 }),
    },
  },
  MuiListItemButton: {
    styleOverrides: { root: ({ theme }) => ({ borderRadius: controlRadius(theme) }) },
  },
  MuiTooltip: {
    defaultProps: { arrow: true },
    styleOverrides: { tooltip: { fontSize: '0.75rem', fontWeight: 500 } },
  },
  MuiTableCell: {
    styleOverrides: {
      root: ({ theme }) => ({ borderColor: theme.palette.divider }),
      head: ({ theme }) => ({ color: theme.palette.text.secondary, fontWeight: 600, fontSize: '0.8125rem' }),
    },
  },
  MuiAlert: {
    styleOverrides: { root: ({ theme }) => ({ borderRadius: controlRadius(theme), alignItems: 'center' }) },
  },
  MuiLink: {
    defaultProps: { underline: 'hover' },
    styleOverrides: { root: { fontWeight: 500 } },
  },
}
