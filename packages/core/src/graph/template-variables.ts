/**
 * SPEC §5: the variables of a prompt template, written `{name}`: distinct, in order of first use.
 * Text in `{{ }}` belongs to the flow's own variables and is skipped; braces holding a colon (JSON
 * such as `{"a": 1}`) or a line break (code) are not variables.
 */
export function templateVariables(text: string): string[] {
  const names: string[] = []
  let at = 0
  while (at < text.length) {
    if (text.startsWith('{{', at)) {
      const close = text.indexOf('}}', at + 2)
      at = close === -1 ? text.length : close + 2
      continue
    }
    if (text[at] !== '{') {
      at += 1
      continue
    }
    const body = /^\{([^{}]*)\}/.exec(text.slice(at))
    if (!body) {
      at += 1
      continue
    }
    const name = body[1]!.trim()
    if (name !== '' && !/[:\n]/.test(body[1]!) && !names.includes(name)) names.push(name)
    at += body[0].length
  }
  return names
}
