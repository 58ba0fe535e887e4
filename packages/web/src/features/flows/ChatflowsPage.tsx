/** Placeholder until the screen lands (issue 3). */
export default function ChatflowsPage() {
  return null
}
