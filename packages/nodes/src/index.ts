/** The node catalogue, as one explicit array. Nodes arrive with the canvas issue. */
export const nodes: readonly unknown[] = []
export { listTemplates } from './templates.js'
