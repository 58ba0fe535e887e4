import FlowListPage from './FlowListPage'
import { CHATFLOW_LIST } from './flowLists'

/** /chatflows (and /): the chat flows of the active workspace. */
export default function ChatflowsPage() {
  return <FlowListPage config={CHATFLOW_LIST} />
}
