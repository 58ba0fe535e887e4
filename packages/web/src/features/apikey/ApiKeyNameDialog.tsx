import NameDialog, { type NameDialogProps } from '../../components/form/NameDialog'
import { required } from '../../components/form/validators'

const KEY_NAME = {
  label: 'Key name',
  rules: [required('Key name')],
  helperText: 'Say who or what uses it, e.g. “Support website”.',
}

/** Asks for an API key's name: when creating a key, when renaming one. */
export default function ApiKeyNameDialog(props: NameDialogProps) {
  return <NameDialog {...props} field={KEY_NAME} />
}
