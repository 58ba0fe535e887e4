import { useState } from 'react'

/**
 * The text a field shows, kept locally so typing feels instant, and replaced only when the stored
 * value changes from elsewhere (undo, paste, another field). `setText` records the typed text
 * with the value it stands for, so a value that comes back as typed does not reformat the text.
 */
export function useLocalText(value: unknown, format: (value: unknown) => string) {
  const [local, setLocal] = useState(() => ({ text: format(value), value }))
  let current = local
  if (!Object.is(value, local.value)) {
    current = { text: format(value), value }
    setLocal(current)
  }
  const setText = (text: string, parsed: unknown) => setLocal({ text, value: parsed })
  return [current.text, setText] as const
}
