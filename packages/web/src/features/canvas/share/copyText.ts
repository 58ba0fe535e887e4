import { notify } from '../../../components/notifications/notify'

/** Copy to the clipboard and say whether it worked; browsers refuse it outside secure pages. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    notify('Copied to clipboard', 'success')
  } catch {
    notify('Could not copy: select the text and copy it by hand', 'error')
  }
}
