import FieldShell from './FieldShell'
import FilePicker from './FilePicker'
import { encodedFileName, encodeFile } from './fileData'
import type { InputFieldProps } from './types'

export default function FileInput({ param, value, onChange, disabled }: InputFieldProps) {
  return (
    <FieldShell param={param}>
      <FilePicker
        label={param.label}
        buttonText="Choose file"
        chosen={encodedFileName(value)}
        disabled={disabled}
        inputProps={{ accept: param.fileType }}
        onFiles={([file]) => void encodeFile(file!).then(onChange)}
      />
    </FieldShell>
  )
}
