import type { FlowTemplate } from '@weft/core'

export type TemplateType = FlowTemplate['type']

export const TEMPLATE_TYPE_LABELS: Record<TemplateType, string> = {
  Chatflow: 'Chatflow',
  Agentflow: 'Sequential Agents',
  AgentflowV2: 'Agentflow V2',
  Tool: 'Tool',
}

/** What the marketplace filters by; a template must pass all three. */
export interface TemplateFilter {
  search: string
  type: TemplateType | 'all'
  /** A template passes when it has any of these use cases; none chosen passes all. */
  usecases: string[]
}

export const NO_FILTER: TemplateFilter = { search: '', type: 'all', usecases: [] }

export const isFiltering = (filter: TemplateFilter) =>
  filter.search.trim() !== '' || filter.type !== 'all' || filter.usecases.length > 0

const searchable = (template: FlowTemplate) =>
  [template.templateName, template.description, ...template.categories, ...template.usecases].join('\n').toLowerCase()

export function matchesFilter(template: FlowTemplate, filter: TemplateFilter): boolean {
  const wanted = filter.search.trim().toLowerCase()
  return (
    (filter.type === 'all' || template.type === filter.type) &&
    (filter.usecases.length === 0 || template.usecases.some((usecase) => filter.usecases.includes(usecase))) &&
    (wanted === '' || searchable(template).includes(wanted))
  )
}

/** Every use case the templates name, once each, sorted for a stable row of chips. */
export const usecasesOf = (templates: FlowTemplate[]): string[] =>
  [...new Set(templates.flatMap((template) => template.usecases))].sort((a, b) => a.localeCompare(b))

/** The read-only canvas that previews a flow template; a tool template opens in the tools screen. */
export function templatePath(template: Pick<FlowTemplate, 'id' | 'type'>): string {
  const id = encodeURIComponent(template.id)
  if (template.type === 'Tool') return `/tools?template=${id}`
  return `${template.type === 'AgentflowV2' ? '/v2/marketplace' : '/marketplace'}/${id}`
}
