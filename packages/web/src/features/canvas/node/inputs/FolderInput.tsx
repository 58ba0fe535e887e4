import FieldShell from './FieldShell'
import FilePicker from './FilePicker'
import { encodedFileCount, encodeFiles } from './fileData'
import type { InputFieldProps } from './types'

// React has no typed prop for choosing a whole folder; browsers know it as webkitdirectory.
const folderChooser = { webkitdirectory: '', multiple: true } as Record<string, unknown>

export default function FolderInput({ param, value, onChange, disabled }: InputFieldProps) {
  const count = encodedFileCount(value)
  return (
    <FieldShell param={param}>
      <FilePicker
        label={param.label}
        buttonText="Choose folder"
        chosen={count === 0 ? '' : `${count} ${count === 1 ? 'file' : 'files'}`}
        disabled={disabled}
        inputProps={folderChooser}
        onFiles={(files) => void encodeFiles(files).then(onChange)}
      />
    </FieldShell>
  )
}
