import { memo, type ComponentType } from 'react'
import ArrayInput from './ArrayInput'
import AsyncOptionsInput from './AsyncOptionsInput'
import BooleanInput from './BooleanInput'
import CodeInput from './CodeInput'
import CredentialInput from './CredentialInput'
import DatagridInput from './DatagridInput'
import DateInput from './DateInput'
import FileInput from './FileInput'
import FolderInput from './FolderInput'
import MultiOptionsInput from './MultiOptionsInput'
import { isNodePicker } from './nodePicker'
import NodePickerInput from './NodePickerInput'
import NumberInput from './NumberInput'
import OptionsInput from './OptionsInput'
import PasswordInput from './PasswordInput'
import StringInput from './StringInput'
import TabsInput from './TabsInput'
import type { InputFieldProps } from './types'

/** The field component of each param type (SPEC §3) and of the credential picker. */
const FIELDS: Record<string, ComponentType<InputFieldProps>> = {
  string: StringInput,
  number: NumberInput,
  boolean: BooleanInput,
  password: PasswordInput,
  options: OptionsInput,
  multiOptions: MultiOptionsInput,
  asyncOptions: AsyncOptionsInput,
  asyncMultiOptions: AsyncOptionsInput,
  json: CodeInput,
  code: CodeInput,
  conditionFunction: CodeInput,
  date: DateInput,
  file: FileInput,
  folder: FolderInput,
  datagrid: DatagridInput,
  tabs: TabsInput,
  array: ArrayInput,
  credential: CredentialInput,
}

/**
 * The input field for a param, chosen by its type; a type it does not know renders nothing. A step's
 * model or tool picker also shows the chosen node's settings.
 */
function InputField(props: InputFieldProps) {
  const Field = isNodePicker(props.param, props.nodeName) ? NodePickerInput : FIELDS[props.param.type]
  return Field ? <Field {...props} /> : null
}

export default memo(InputField)
