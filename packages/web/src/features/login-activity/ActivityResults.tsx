import SearchOff from '@mui/icons-material/SearchOff'
import type { SvgIconComponent } from '@mui/icons-material'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import TablePagination from '@mui/material/TablePagination'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ActivityPage } from '@weft/core'
import type { ReactNode } from 'react'
import EmptyState from '../../components/EmptyState'
import TableSkeleton from '../../components/list/TableSkeleton'
import LoadError, { RefreshError } from '../flows/LoadError'
import { pagingSx } from './activityParts'

export const PAGE_SIZES = [25, 50, 100]

interface Props<T> {
  query: UseQueryResult<ActivityPage<T>>
  /** What is listed, as a load error names it ("login activity", "the audit log"). */
  what: string
  /** A backwards date range is not asked for, so nothing is loading. */
  backwards: boolean
  filtered: boolean
  onClear: () => void
  noMatch: { title: string; description: string }
  empty: { icon: SvgIconComponent; title: string; description: string }
  setPage: (page: number) => void
  setLimit: (limit: number) => void
  table: (rows: T[]) => ReactNode
}

/**
 * A page of the organization's activity (sign-ins, changes) with its states: loading, failed,
 * nothing yet, nothing matching the filters, or the rows and the pager, newest first.
 */
export default function ActivityResults<T>({
  query,
  what,
  backwards,
  filtered,
  onClear,
  noMatch,
  empty,
  setPage,
  setLimit,
  table,
}: Props<T>) {
  const data = query.data
  const retry = () => void query.refetch()
  if (query.isPending && !backwards) return <TableSkeleton label={`Loading ${what}`} rows={6} />
  if (query.error && !data) return <LoadError what={what} error={query.error} onRetry={retry} />
  if (!data || data.data.length === 0)
    return (
      <Card sx={{ borderStyle: 'dashed' }}>
        {filtered ? (
          <EmptyState icon={SearchOff} title={noMatch.title} description={noMatch.description}>
            <Button variant="outlined" onClick={onClear}>
              Clear filters
            </Button>
          </EmptyState>
        ) : (
          <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />
        )}
      </Card>
    )
  return (
    <>
      {query.error && <RefreshError what={what} error={query.error} onRetry={retry} />}
      {table(data.data)}
      <TablePagination
        component="div"
        count={data.total}
        page={data.page - 1}
        rowsPerPage={data.limit}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_event, next) => setPage(next + 1)}
        onRowsPerPageChange={(event) => {
          setLimit(Number(event.target.value))
          setPage(1)
        }}
        labelRowsPerPage="Rows"
        sx={pagingSx}
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} of ${count}, newest first`}
      />
    </>
  )
}
