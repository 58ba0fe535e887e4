import Checklist from '@mui/icons-material/Checklist'
import Delete from '@mui/icons-material/DeleteOutlined'
import FilterListOff from '@mui/icons-material/FilterListOff'
import Refresh from '@mui/icons-material/Refresh'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { Execution } from '@weft/core'
import { useCallback, useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import EmptyState from '../../components/EmptyState'
import PageHeader from '../../components/PageHeader'
import TableSkeleton from '../../components/list/TableSkeleton'
import LoadError, { RefreshError } from '../flows/LoadError'
import ExecutionDrawer from './ExecutionDrawer'
import ExecutionFilterBar from './ExecutionFilterBar'
import { hasFilters, NO_FILTERS, type ExecutionFilters } from './executionFilters'
import ExecutionTable, { PAGE_SIZES } from './ExecutionTable'
import { useExecutionActions } from './useExecutionActions'
import { useExecutionFlows } from './useExecutionFlows'
import { useExecutionList } from './useExecutionList'

// The open execution lives in the address, so a reload or a shared link opens it again.
const OPEN_PARAM = 'execution'

/** /executions: every recorded run of the workspace's agentflows, to filter, read, share and clean up. */
export default function ExecutionsPage() {
  const [filters, setFilters] = useState<ExecutionFilters>(NO_FILTERS)
  const [page, setPage] = useState(0)
  const [limit, setLimit] = useState(PAGE_SIZES[0]!)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [params, setParams] = useSearchParams()
  const list = useExecutionList(filters, page, limit)
  const flows = useExecutionFlows()
  const actions = useExecutionActions()

  const flowName = useCallback(
    (execution: Execution) =>
      execution.agentflow?.name ??
      flows.names.get(execution.agentflowId) ??
      (flows.isPending ? 'Agentflow' : 'Deleted flow'),
    [flows.names, flows.isPending],
  )

  const changeFilters = useCallback((next: ExecutionFilters) => {
    setFilters(next)
    setPage(0)
    setSelected(new Set())
  }, [])
  const changePage = (next: number) => {
    setPage(next)
    setSelected(new Set())
  }

  const openId = params.get(OPEN_PARAM)
  const open = (execution: Execution) => setParams({ [OPEN_PARAM]: execution.id })
  const close = () => setParams({}, { replace: true })

  const items = list.data?.data ?? []
  const total = list.data?.total ?? 0
  const filtered = hasFilters(filters)
  const retry = () => void list.refetch()

  const deleteSelected = async () => {
    if (await actions.remove([...selected])) setSelected(new Set())
  }

  const body = list.isPending ? (
    <TableSkeleton label="Loading executions" />
  ) : list.isError && !list.data ? (
    <LoadError what="executions" error={list.error} onRetry={retry} />
  ) : total === 0 && !filtered ? (
    <Card sx={{ borderStyle: 'dashed' }}>
      <EmptyState
        icon={Checklist}
        title="No executions yet"
        description="Every run of an Agentflow V2 shows here with its steps, inputs, outputs, tokens and time. Run one from its canvas chat, a chatbot or the prediction API."
      >
        <Button variant="outlined" component={RouterLink} to="/agentflows">
          Open Agentflows
        </Button>
      </EmptyState>
    </Card>
  ) : total === 0 ? (
    <Card sx={{ borderStyle: 'dashed' }}>
      <EmptyState
        icon={FilterListOff}
        title="No executions match"
        description="Try another flow, state or range of days."
      >
        <Button variant="outlined" onClick={() => changeFilters(NO_FILTERS)}>
          Clear filters
        </Button>
      </EmptyState>
    </Card>
  ) : (
    <ExecutionTable
      items={items}
      flowName={flowName}
      selected={selected}
      onSelect={setSelected}
      onOpen={open}
      onResume={(execution) => actions.resume(execution.id)}
      paging={{
        total,
        page,
        limit,
        onPage: changePage,
        onLimit: (next) => {
          setLimit(next)
          changePage(0)
        },
      }}
    />
  )

  const openRow = openId ? items.find((execution) => execution.id === openId) : undefined
  return (
    <>
      <PageHeader
        title="Executions"
        description="Each run of your agentflows, step by step: what went in, what came out, and what it cost."
      >
        <Button variant="outlined" startIcon={<Refresh />} onClick={retry} disabled={list.isFetching}>
          Refresh
        </Button>
      </PageHeader>
      {(total > 0 || filtered) && <ExecutionFilterBar filters={filters} onChange={changeFilters} flows={flows.flows} />}
      {list.isError && list.data && <RefreshError what="executions" error={list.error} onRetry={retry} />}
      {selected.size > 0 && (
        <Paper
          variant="outlined"
          role="region"
          aria-label="Selected executions"
          sx={{ mb: 1.5, px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1.5, bgcolor: 'action.hover' }}
        >
          <Typography variant="body2" fontWeight={500} sx={{ flexGrow: 1 }}>
            {selected.size} selected
          </Typography>
          <Button size="small" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
          <Button
            size="small"
            color="error"
            variant="contained"
            startIcon={<Delete />}
            onClick={() => void deleteSelected()}
          >
            Delete
          </Button>
        </Paper>
      )}
      {body}
      {openId && (
        <ExecutionDrawer
          key={openId}
          id={openId}
          title={openRow ? flowName(openRow) : 'Execution'}
          actions={actions}
          onClose={close}
        />
      )}
    </>
  )
}
