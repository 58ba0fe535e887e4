import FlowListPage from './FlowListPage'
import { AGENTFLOW_LIST } from './flowLists'

/** /agentflows: agentflows V2 and sequential agents (V1) of the active workspace, in one list. */
export default function AgentflowsPage() {
  return <FlowListPage config={AGENTFLOW_LIST} />
}
