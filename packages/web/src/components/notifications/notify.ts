import { enqueueSnackbar, type VariantType } from 'notistack'

/** Show a toast; each gets a key from the time plus a random number (SPEC §9). */
export function notify(message: string, variant: VariantType = 'default'): void {
  enqueueSnackbar(message, { variant, key: `${Date.now()}${Math.random()}` })
}
