/** Placeholder until the screen lands (issue 3). */
export default function AgentflowsPage() {
  return null
}
