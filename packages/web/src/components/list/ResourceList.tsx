import type { SvgIconComponent } from '@mui/icons-material'
import SearchOff from '@mui/icons-material/SearchOff'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Stack from '@mui/material/Stack'
import type { ReactNode } from 'react'
import EmptyState from '../EmptyState'
import PageHeader from '../PageHeader'
import LoadError, { RefreshError } from '../../features/flows/LoadError'
import SearchField from '../../features/flows/SearchField'
import TableSkeleton from './TableSkeleton'

interface ResourceListProps {
  title: string
  description: string
  /** Plural noun for messages, e.g. "credentials". */
  noun: string
  /** The create button, in the header and the empty state; absent without permission. */
  addButton: ReactNode
  list: { total: number; isPending: boolean; error: Error | null; refetch: () => unknown }
  search: string
  onSearch: (search: string) => void
  searchPlaceholder: string
  /** How many items the search leaves. */
  shownCount: number
  empty: { icon: SvgIconComponent; title: string; description: string }
  /** Shown above the table when there are items, e.g. how to use them. */
  hint?: ReactNode
  /** The table of the items the search leaves. */
  children: ReactNode
}

/** The frame of a list screen: header, search, then the table or the loading, error or empty state. */
export default function ResourceList({
  title,
  description,
  noun,
  addButton,
  list,
  search,
  onSearch,
  searchPlaceholder,
  shownCount,
  empty,
  hint,
  children,
}: ResourceListProps) {
  const failed = list.error !== null && list.total === 0
  const retry = () => void list.refetch()
  const body = list.isPending ? (
    <TableSkeleton label={`Loading ${noun}`} />
  ) : failed ? (
    <LoadError what={noun} error={list.error} onRetry={retry} />
  ) : list.total === 0 ? (
    <Card sx={{ borderStyle: 'dashed' }}>
      <EmptyState icon={empty.icon} title={empty.title} description={empty.description}>
        {addButton}
      </EmptyState>
    </Card>
  ) : shownCount === 0 ? (
    <Card sx={{ borderStyle: 'dashed' }}>
      <EmptyState icon={SearchOff} title={`No ${noun} match`} description="Try another word.">
        <Button variant="outlined" onClick={() => onSearch('')}>
          Clear search
        </Button>
      </EmptyState>
    </Card>
  ) : (
    children
  )
  return (
    <>
      <PageHeader title={title} description={description}>
        {addButton}
      </PageHeader>
      {list.total > 0 && (
        <Stack direction="row" spacing={1.5} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 3 }}>
          <SearchField value={search} onChange={onSearch} label={`Search ${noun}`} placeholder={searchPlaceholder} />
          {hint && <Stack sx={{ ml: 'auto' }}>{hint}</Stack>}
        </Stack>
      )}
      {list.error !== null && !failed && <RefreshError what={noun} error={list.error} onRetry={retry} />}
      {body}
    </>
  )
}
