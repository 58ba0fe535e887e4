import SearchOff from '@mui/icons-material/SearchOff'
import Storefront from '@mui/icons-material/StorefrontOutlined'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import type { FlowTemplate } from '@weft/core'
import { useDeferredValue, useMemo, useState } from 'react'
import EmptyState from '../../components/EmptyState'
import CardGrid from '../flows/CardGrid'
import FlowSkeletons from '../flows/FlowSkeletons'
import LoadError from '../flows/LoadError'
import TemplateCard from './TemplateCard'
import { isFiltering, matchesFilter, NO_FILTER, usecasesOf, type TemplateFilter } from './templateFilter'
import TemplateFilters from './TemplateFilters'
import type { useTemplates } from './useTemplates'

interface TemplateBrowserProps {
  list: ReturnType<typeof useTemplates>
  emptyTitle: string
  emptyDescription?: string
  /** Shown on each card when given (My Templates): deletes the template after asking. */
  onDelete?: ((template: FlowTemplate) => void) | undefined
}

/** Templates as cards, filtered by text, type and use case, with their loading, error and empty states. */
export default function TemplateBrowser({ list, emptyTitle, emptyDescription, onDelete }: TemplateBrowserProps) {
  const { items, isPending, error, refetch } = list
  const [filter, setFilter] = useState<TemplateFilter>(NO_FILTER)
  const deferred = useDeferredValue(filter)
  const usecases = useMemo(() => usecasesOf(items.map((item) => item.template)), [items])
  const shown = useMemo(() => items.filter((item) => matchesFilter(item.template, deferred)), [items, deferred])

  const body = isPending ? (
    <FlowSkeletons label="Loading templates" />
  ) : error !== null && items.length === 0 ? (
    <LoadError what="templates" error={error} onRetry={() => void refetch()} />
  ) : shown.length === 0 ? (
    <Card sx={{ borderStyle: 'dashed' }}>
      {isFiltering(filter) ? (
        <EmptyState
          icon={SearchOff}
          title="No templates match these filters"
          description="Try other words, another type or fewer use cases."
        >
          <Button variant="outlined" onClick={() => setFilter(NO_FILTER)}>
            Clear filters
          </Button>
        </EmptyState>
      ) : (
        <EmptyState icon={Storefront} title={emptyTitle} description={emptyDescription} />
      )}
    </Card>
  ) : (
    <CardGrid label="Templates">
      {shown.map((item) => (
        <TemplateCard key={item.template.id} item={item} onDelete={onDelete} />
      ))}
    </CardGrid>
  )

  return (
    <>
      {items.length > 0 && <TemplateFilters filter={filter} onChange={setFilter} usecases={usecases} />}
      {body}
    </>
  )
}
