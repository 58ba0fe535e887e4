import Stack from '@mui/material/Stack'
import type { FlowType } from '@weft/core'
import { useDeferredValue, useMemo, useState } from 'react'
import PageHeader from '../../components/PageHeader'
import AddFlowButton from './AddFlowButton'
import { exportFlow } from './exportFlow'
import FlowDialogs, { type FlowDialog } from './FlowDialogs'
import type { FlowHandlers } from './FlowActionsMenu'
import FlowListBody from './FlowListBody'
import type { FlowListConfig } from './flowLists'
import FlowSkeletons from './FlowSkeletons'
import LoadError, { RefreshError } from './LoadError'
import { matchesSearch } from './matchesSearch'
import SearchField from './SearchField'
import TypeFilter from './TypeFilter'
import { useCan } from './useCan'
import { useFlowActions } from './useFlowActions'
import { useFlowList } from './useFlowList'
import { useViewMode } from './useViewMode'
import ViewToggle from './ViewToggle'

/** A list screen of flows (chatflows or agentflows): search, views, create, and each flow's menu. */
export default function FlowListPage({ config }: { config: FlowListConfig }) {
  const { items, isPending, error, refetch } = useFlowList(config.types)
  const [search, setSearch] = useState('')
  const [type, setType] = useState<FlowType | 'all'>('all')
  const [view, setView] = useViewMode()
  const [dialog, setDialog] = useState<FlowDialog | null>(null)
  const actions = useFlowActions(config.noun)
  const canCreate = useCan(`${config.permissionPrefix}:create`)
  const canUpdate = useCan(`${config.permissionPrefix}:update`)
  const canDelete = useCan(`${config.permissionPrefix}:delete`)

  // Typing stays responsive with hundreds of flows: the list catches up after the keystroke.
  const query = useDeferredValue(search)
  const shown = useMemo(
    () => items.filter(({ flow }) => (type === 'all' || flow.type === type) && matchesSearch(flow, query)),
    [items, type, query],
  )
  // Viewing the list is enough to export a flow and read its messages and leads; the rest needs its permission.
  const handlers = useMemo<FlowHandlers>(
    () => ({
      onRename: canUpdate ? (flow) => setDialog({ kind: 'rename', flow }) : undefined,
      onDuplicate: canCreate ? actions.duplicate : undefined,
      onExport: exportFlow,
      onConfigure: canUpdate ? (flow, tab) => setDialog({ kind: 'config', flow, tab }) : undefined,
      onViewMessages: (flow) => setDialog({ kind: 'messages', flow }),
      onViewLeads: (flow) => setDialog({ kind: 'leads', flow }),
      onUpdateCategory: canUpdate ? (flow) => setDialog({ kind: 'category', flow }) : undefined,
      onDelete: canDelete ? actions.remove : undefined,
    }),
    [canUpdate, canCreate, canDelete, actions],
  )
  const typeOptions = Object.entries(config.typeLabels ?? {}).map(([value, label]) => ({
    value: value as FlowType,
    label,
  }))
  const addButton = canCreate ? <AddFlowButton choices={config.create} /> : null
  const failed = error !== null && items.length === 0

  const body = isPending ? (
    <FlowSkeletons label={`Loading ${config.noun}s`} />
  ) : failed ? (
    <LoadError what={`${config.noun}s`} error={error} onRetry={() => void refetch()} />
  ) : (
    <FlowListBody
      config={config}
      total={items.length}
      shown={shown}
      view={view}
      handlers={handlers}
      addButton={addButton}
      onClearFilters={() => {
        setSearch('')
        setType('all')
      }}
    />
  )

  return (
    <>
      <PageHeader title={config.title} description={config.description}>
        {addButton}
      </PageHeader>
      {!failed && (isPending || items.length > 0) && (
        <Stack direction="row" spacing={1.5} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 3 }}>
          <SearchField
            value={search}
            onChange={setSearch}
            label={`Search ${config.noun}s`}
            placeholder="Search by name, category or id"
          />
          <Stack direction="row" spacing={1.5} sx={{ ml: 'auto' }}>
            {typeOptions.length > 1 && (
              <TypeFilter label="Flow type" value={type} options={typeOptions} onChange={setType} />
            )}
            <ViewToggle value={view} onChange={setView} />
          </Stack>
        </Stack>
      )}
      {error !== null && !failed && (
        <RefreshError what={`${config.noun}s`} error={error} onRetry={() => void refetch()} />
      )}
      {body}
      <FlowDialogs open={dialog} actions={actions} onClose={() => setDialog(null)} />
    </>
  )
}
