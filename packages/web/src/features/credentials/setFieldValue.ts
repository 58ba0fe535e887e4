import type { ChangeEvent } from 'react'

/**
 * Sets a useForm field from a control that gives a value rather than a text input's event (a
 * switch, toggle buttons): useForm reads only `event.target.value`.
 */
export function setFieldValue(field: { onChange: (event: ChangeEvent<HTMLInputElement>) => void }, value: string) {
  field.onChange({ target: { value } } as ChangeEvent<HTMLInputElement>)
}
