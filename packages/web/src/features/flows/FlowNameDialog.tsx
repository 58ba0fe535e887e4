import NameDialog, { type NameDialogProps } from '../../components/form/NameDialog'
import { flowNameRules } from './flowNameRules'

const FLOW_NAME = { label: 'Name', rules: flowNameRules }

/** Asks for a flow's name, checked by the flow name rules: the first save of a new flow, a rename. */
export default function FlowNameDialog(props: NameDialogProps) {
  return <NameDialog {...props} field={FLOW_NAME} />
}
