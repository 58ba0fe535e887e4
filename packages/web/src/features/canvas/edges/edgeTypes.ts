import type { EdgeTypes } from '@xyflow/react'
import AgentFlowEdge from './AgentFlowEdge'
import ButtonEdge from './ButtonEdge'

/** Edge components by the edge `type` the flow format stores. */
export const edgeTypes: EdgeTypes = { buttonedge: ButtonEdge, agentFlow: AgentFlowEdge }
