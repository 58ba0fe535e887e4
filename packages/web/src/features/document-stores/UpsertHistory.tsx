import History from '@mui/icons-material/History'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import type { UpsertHistoryEntry, UpsertResult } from '@weft/core'
import { listUpsertHistory } from '../../api/documentStores'
import EmptyState from '../../components/EmptyState'
import ResourceTable, { type Column } from '../../components/list/ResourceTable'
import TableSkeleton from '../../components/list/TableSkeleton'
import LoadError, { RefreshError } from '../flows/LoadError'
import { fullDate } from '../flows/fromNow'
import StatusChip from './StatusChip'
import { formatCount } from './numbers'
import { upsertHistoryKey } from './storeKeys'

const count = (key: keyof UpsertResult) => (entry: UpsertHistoryEntry) => (
  <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
    {entry.result ? formatCount(entry.result[key]) : '—'}
  </Typography>
)

const COLUMNS: Column<UpsertHistoryEntry>[] = [
  { header: 'Date', nowrap: true, cell: (entry) => <Typography variant="body2">{fullDate(entry.date)}</Typography> },
  { header: 'Added', cell: count('numAdded') },
  { header: 'Updated', hideOnPhones: true, cell: count('numUpdated') },
  { header: 'Skipped', hideOnPhones: true, cell: count('numSkipped') },
  { header: 'Deleted', hideOnPhones: true, cell: count('numDeleted') },
  {
    header: 'Status',
    cell: (entry) => (
      <Box>
        <StatusChip status={entry.status} />
        {entry.error && (
          <Typography
            variant="caption"
            color="error"
            component="p"
            sx={{ mt: 0.5, maxWidth: 320, overflowWrap: 'anywhere' }}
          >
            {entry.error}
          </Typography>
        )}
      </Box>
    ),
  },
]

/** A store's upserts, newest first: when, what each did to the vector store, and how it ended. */
export default function UpsertHistory({ storeId }: { storeId: string }) {
  const history = useQuery({ queryKey: upsertHistoryKey(storeId), queryFn: () => listUpsertHistory(storeId) })
  const entries = Array.isArray(history.data) ? history.data : undefined
  const retry = () => void history.refetch()
  return (
    <Box component="section" aria-label="Upsert history" sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Upsert history
      </Typography>
      {entries && history.error && <RefreshError what="the upsert history" error={history.error} onRetry={retry} />}
      {!entries ? (
        history.isPending ? (
          <TableSkeleton label="Loading the upsert history" rows={2} />
        ) : (
          <LoadError what="the upsert history" error={history.error} onRetry={retry} />
        )
      ) : entries.length === 0 ? (
        <Card sx={{ borderStyle: 'dashed' }}>
          <EmptyState
            icon={History}
            title="No upserts yet"
            description="Each upsert of this store's chunks into its vector store is listed here, with what it added, updated, skipped and deleted."
          />
        </Card>
      ) : (
        <ResourceTable label="Upserts" columns={COLUMNS} items={entries} rowKey={(entry) => entry.id} />
      )}
    </Box>
  )
}
