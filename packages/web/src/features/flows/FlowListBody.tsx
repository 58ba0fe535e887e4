import AccountTree from '@mui/icons-material/AccountTreeOutlined'
import SearchOff from '@mui/icons-material/SearchOff'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import type { ReactNode } from 'react'
import EmptyState from '../../components/EmptyState'
import CardGrid from './CardGrid'
import type { FlowHandlers } from './FlowActionsMenu'
import FlowCard from './FlowCard'
import type { FlowListConfig } from './flowLists'
import FlowTable from './FlowTable'
import type { FlowItem } from './useFlowList'
import type { ViewMode } from './useViewMode'

interface FlowListBodyProps {
  config: FlowListConfig
  /** All flows of the list, before search and filters. */
  total: number
  shown: FlowItem[]
  view: ViewMode
  handlers: FlowHandlers
  /** The Add New button, offered in the empty state too; absent without permission. */
  addButton: ReactNode
  onClearFilters: () => void
}

/** The flows as cards or a table, or what to show when there are none. */
export default function FlowListBody({
  config,
  total,
  shown,
  view,
  handlers,
  addButton,
  onClearFilters,
}: FlowListBodyProps) {
  if (total === 0)
    return (
      <Card sx={{ borderStyle: 'dashed' }}>
        <EmptyState icon={AccountTree} title={`No ${config.noun}s yet`} description={config.description}>
          {addButton}
        </EmptyState>
      </Card>
    )
  if (shown.length === 0)
    return (
      <Card sx={{ borderStyle: 'dashed' }}>
        <EmptyState icon={SearchOff} title={`No ${config.noun}s match`} description="Try another name, category or id.">
          <Button variant="outlined" onClick={onClearFilters}>
            Clear filters
          </Button>
        </EmptyState>
      </Card>
    )
  if (view === 'list')
    return <FlowTable items={shown} handlers={handlers} typeLabels={config.typeLabels} label={config.title} />
  return (
    <CardGrid label={config.title}>
      {shown.map((item) => (
        <FlowCard key={item.flow.id} item={item} handlers={handlers} typeLabel={config.typeLabels?.[item.flow.type]} />
      ))}
    </CardGrid>
  )
}
