/** A file input's value as the canvas stores it: `data:<mime>;base64,<content>,filename:<name>`. */
export const fileValue = (name: string, mime: string, content: string | Uint8Array): string =>
  `data:${mime};base64,${Buffer.from(content).toString('base64')},filename:${name}`

/** Several files in one input, as the canvas stores them: a JSON list of file values. */
export const fileList = (...values: string[]): string => JSON.stringify(values)
