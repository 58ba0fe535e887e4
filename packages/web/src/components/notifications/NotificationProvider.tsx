import { styled } from '@mui/material/styles'
import { closeSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack'
import type { ReactNode } from 'react'
import DismissButton from './DismissButton'

// SPEC §9 colours: success green, error red, info blue, warning orange.
const Toast = styled(MaterialDesignContent)(({ theme }) => ({
  fontFamily: theme.typography.fontFamily,
  fontSize: theme.typography.body2.fontSize,
  borderRadius: 10,
  boxShadow: theme.shadows[6],
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main },
}))

const components = { default: Toast, success: Toast, error: Toast, info: Toast, warning: Toast }

/** The toast area: at most 3 at once, the oldest dismissed first, 5 s each, bottom left. */
export default function NotificationProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={5000}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      transitionDuration={{ enter: 225, exit: 195 }}
      dense={false}
      Components={components}
      action={(key) => <DismissButton onClick={() => closeSnackbar(key)} />}
    >
      {children}
    </SnackbarProvider>
  )
}
