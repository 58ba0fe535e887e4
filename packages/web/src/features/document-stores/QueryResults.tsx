import ManageSearch from '@mui/icons-material/ManageSearch'
import SearchOff from '@mui/icons-material/SearchOff'
import Card from '@mui/material/Card'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { DocumentStoreLoader, VectorQueryResult } from '@weft/core'
import EmptyState from '../../components/EmptyState'
import { formatDuration } from '../executions/executionTime'
import { sourceOf } from './foundChunks'
import { formatCount } from './numbers'
import QueryResultCard from './QueryResultCard'

interface QueryResultsProps {
  /** Absent before the first search. */
  result: VectorQueryResult | undefined
  /** Whether the search had a metadata filter, to suggest loosening it. */
  filtered: boolean
  loaders: DocumentStoreLoader[]
}

/** The chunks a query found, closest first, or why there are none. */
export default function QueryResults({ result, filtered, loaders }: QueryResultsProps) {
  if (!result)
    return (
      <Card sx={{ borderStyle: 'dashed' }}>
        <EmptyState
          icon={ManageSearch}
          title="Try a query"
          description="Type a question to see the chunks a flow would get from this store, closest first, with their similarity scores."
        />
      </Card>
    )
  const docs = Array.isArray(result.docs) ? result.docs : []
  const took = formatDuration(result.timeTaken ?? 0)
  if (docs.length === 0)
    return (
      <Card sx={{ borderStyle: 'dashed' }}>
        <EmptyState
          icon={SearchOff}
          title="No chunks matched"
          description={`Searched in ${took}. ${filtered ? 'Loosen the metadata filter, or try other words.' : 'Try other words.'}`}
        />
      </Card>
    )
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary" role="status">
        {formatCount(docs.length)} {docs.length === 1 ? 'chunk' : 'chunks'} found in {took}
      </Typography>
      {docs.map((chunk, index) => (
        <QueryResultCard key={chunk.id ?? index} rank={index + 1} chunk={chunk} source={sourceOf(chunk, loaders)} />
      ))}
    </Stack>
  )
}
