import { closeSnackbar, enqueueSnackbar, type SnackbarKey, type VariantType } from 'notistack'

/** Show a toast; each gets a key from the time plus a random number (SPEC §9). The key closes it early. */
export function notify(message: string, variant: VariantType = 'default'): SnackbarKey {
  return enqueueSnackbar(message, { variant, key: `${Date.now()}${Math.random()}` })
}

/** Closes a toast before its time, e.g. one that described work that has finished. */
export const dismiss = (key: SnackbarKey): void => closeSnackbar(key)
