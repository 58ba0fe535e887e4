import { defineNode } from '../define-node.js'
import type { Tool } from '../providers/chat-model.js'

/** The moment, told in the words a model reads best: the ISO time, the weekday and the date in full, in UTC. */
export function describeNow(now: Date): string {
  const date = now.toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  const time = now.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })
  return `${now.toISOString()} (${date}, ${time} UTC)`
}

export default defineNode({
  descriptor: {
    label: 'CurrentDateTime',
    name: 'currentDateTime',
    version: 1,
    type: 'CurrentDateTime',
    category: 'Tools',
    description: 'Let an agent read the current date and time, which a model does not know.',
    icon: 'currentDateTime.svg',
    color: '#3D7DCA',
    baseClasses: ['CurrentDateTime', 'Tool', 'StructuredTool', 'Runnable'],
    canvases: ['chatflow', 'sequential'],
    inputs: [],
  },
  run: async (): Promise<Tool> => ({
    kind: 'tool',
    name: 'current_date_time',
    description: 'Tells the current date and time (UTC). Use it for anything about today, now, or how long ago.',
    inputSchema: { type: 'object', properties: {} },
    execute: async () => describeNow(new Date()),
  }),
})
