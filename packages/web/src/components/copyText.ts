import { notify } from './notifications/notify'

/** Puts text on the clipboard and says so; browsers without clipboard access get a clear message. */
export async function copyText(text: string, what = 'Copied'): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    notify(what, 'success')
    return true
  } catch {
    notify('Could not copy: select the text and copy it by hand', 'error')
    return false
  }
}
