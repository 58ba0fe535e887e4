import TextField, { type TextFieldProps } from '@mui/material/TextField'
import { compactInput } from './fieldStyle'
import { useLocalText } from './useLocalText'
import { toText } from './values'

type LocalTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: unknown
  onChange: (value: unknown) => void
  /** Turns the typed text into the stored value (numbers, for example). */
  parse?: (text: string) => unknown
}

const asIs = (text: string) => text

/** A small text field that shows typed text at once and sends each change on as a stored value. */
export default function LocalTextField({ value, onChange, parse = asIs, ...field }: LocalTextFieldProps) {
  const [text, setText] = useLocalText(value, toText)
  return (
    <TextField
      size="small"
      fullWidth
      sx={compactInput}
      {...field}
      value={text}
      onChange={(event) => {
        const parsed = parse(event.target.value)
        setText(event.target.value, parsed)
        onChange(parsed)
      }}
    />
  )
}
