import { excerpt } from '../agent-flows/plain-steps/step-text.js'
import type { Tool } from '../providers/chat-model.js'
import { FINISH, type TeamMember } from './team.js'

// The supervisor's model names who acts next by calling one tool, `route`, whose only argument is a
// worker's name or FINISH. The tool does nothing but remember the choice.

export interface RouteChoice {
  tool: Tool
  /** The route the model picked, read after the call; undefined when it called no tool. */
  chosen: () => string | undefined
}

export function routeTool(team: readonly TeamMember[]): RouteChoice {
  let chosen: string | undefined
  const tool: Tool = {
    kind: 'tool',
    name: 'route',
    description: `Choose who acts next: one of the workers, or ${FINISH} when the request is answered.`,
    inputSchema: {
      type: 'object',
      properties: { next: { type: 'string', enum: [...team.map((member) => member.name), FINISH] } },
      required: ['next'],
    },
    execute: async (input) => {
      chosen = typeof input.next === 'string' ? input.next : String(input.next)
      return `${chosen} acts next.`
    },
  }
  return { tool, chosen: () => chosen }
}

/**
 * The worker (or FINISH) a route names: the tool's argument, else the model's whole reply when it is
 * nothing but a name (models that ignore tools sometimes answer so). Names match without regard to
 * case. Throws when the model named no one the supervisor can hand over to.
 */
export function chooseRoute(route: string, team: readonly TeamMember[]): TeamMember | typeof FINISH {
  const wanted = route
    .trim()
    .replace(/^["'`]|["'`.]$/g, '')
    .toLowerCase()
  if (wanted === FINISH.toLowerCase()) return FINISH
  const member = team.find((candidate) => candidate.name.toLowerCase() === wanted)
  if (member) return member
  const names = [...team.map((candidate) => candidate.name), FINISH].join(', ')
  throw new Error(
    route.trim()
      ? `its model chose "${excerpt(route)}", which is none of ${names}.`
      : `its model chose no one: it must call the route tool with one of ${names} (use a chat model that can call tools).`,
  )
}
