import Add from '@mui/icons-material/Add'
import Delete from '@mui/icons-material/DeleteOutlined'
import Edit from '@mui/icons-material/EditOutlined'
import LibraryBooks from '@mui/icons-material/LibraryBooksOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { useQueryClient } from '@tanstack/react-query'
import type { DocumentStore } from '@weft/core'
import { useDeferredValue, useMemo, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { createStore, deleteStore, listStores, updateStore, type StoreFields } from '../../api/documentStores'
import { useConfirm } from '../../components/confirm/useConfirm'
import { matchesText } from '../../components/list/matchesText'
import ResourceList from '../../components/list/ResourceList'
import ResourceTable, { type Column } from '../../components/list/ResourceTable'
import RowAction from '../../components/list/RowAction'
import { useListAction } from '../../components/list/useListAction'
import { useWorkspaceList } from '../../components/list/useWorkspaceList'
import { notify } from '../../components/notifications/notify'
import { fromNow, fullDate } from '../flows/fromNow'
import { useCan } from '../flows/useCan'
import { formatCount } from './numbers'
import { STORE_PERMISSIONS } from './permissions'
import StatusChip from './StatusChip'
import StoreDialog from './StoreDialog'
import { STORES_KEY } from './storeKeys'

/** The dialog open: adding (null) or editing a store. */
type Editing = { store: DocumentStore | null }

const number = (value: number) => (
  <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
    {formatCount(value)}
  </Typography>
)

/** /document-stores: the workspace's document stores, with their status and size. */
export default function DocumentStoresPage() {
  const list = useWorkspaceList(STORES_KEY, listStores)
  const queryClient = useQueryClient()
  const confirm = useConfirm()
  const run = useListAction(STORES_KEY)
  const canCreate = useCan(STORE_PERMISSIONS.create)
  const canUpdate = useCan(STORE_PERMISSIONS.update)
  const canDelete = useCan(STORE_PERMISSIONS.delete)
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<Editing | null>(null)

  const query = useDeferredValue(search)
  const shown = useMemo(
    () => list.items.filter((store) => matchesText([store.name, store.description], query)),
    [list.items, query],
  )

  const save = async (fields: StoreFields) => {
    const current = editing?.store
    if (current) await updateStore(current.id, fields)
    else await createStore(fields)
    notify(`Document store ${fields.name} ${current ? 'saved' : 'added'}`, 'success')
    setEditing(null)
    await queryClient.invalidateQueries({ queryKey: [STORES_KEY] })
  }

  const remove = async (store: DocumentStore) => {
    const confirmed = await confirm({
      title: 'Delete document store',
      description: `Delete ${store.name}? Its loaders, files and ${formatCount(store.totalChunks)} chunks are deleted with it.`,
      confirmButtonName: 'Delete',
    })
    if (confirmed)
      await run(() => deleteStore(store.id), `Document store ${store.name} deleted`, 'Failed to delete document store')
  }

  const columns: Column<DocumentStore>[] = [
    {
      header: 'Name',
      cell: (store) => (
        <Box>
          <Link
            component={RouterLink}
            to={`/document-stores/${encodeURIComponent(store.id)}`}
            variant="body2"
            fontWeight={500}
            underline="hover"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {store.name}
          </Link>
          {store.description && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {store.description}
            </Typography>
          )}
        </Box>
      ),
    },
    { header: 'Status', cell: (store) => <StatusChip status={store.status} /> },
    { header: 'Loaders', cell: (store) => number(store.loaders?.length ?? 0) },
    { header: 'Chunks', cell: (store) => number(store.totalChunks) },
    { header: 'Characters', hideOnPhones: true, cell: (store) => number(store.totalChars) },
    {
      header: 'Last Updated',
      nowrap: true,
      hideOnPhones: true,
      cell: (store) => (
        <Typography variant="body2" color="text.secondary" title={fullDate(store.updatedDate)}>
          {fromNow(store.updatedDate)}
        </Typography>
      ),
    },
  ]
  const actions =
    canUpdate || canDelete
      ? (store: DocumentStore) => (
          <>
            {canUpdate && (
              <RowAction
                title="Edit"
                label={`Edit ${store.name}`}
                icon={<Edit fontSize="small" />}
                onClick={() => setEditing({ store })}
              />
            )}
            {canDelete && (
              <RowAction
                danger
                title="Delete"
                label={`Delete ${store.name}`}
                icon={<Delete fontSize="small" />}
                onClick={() => void remove(store)}
              />
            )}
          </>
        )
      : undefined

  const addButton = canCreate ? (
    <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ store: null })}>
      Add New
    </Button>
  ) : null

  return (
    <>
      <ResourceList
        title="Document Stores"
        description="Documents your flows search: loaded, cut into chunks and kept apart from any flow."
        noun="document stores"
        addButton={addButton}
        list={{ ...list, total: list.items.length }}
        search={search}
        onSearch={setSearch}
        searchPlaceholder="Search by name or description"
        shownCount={shown.length}
        empty={{
          icon: LibraryBooks,
          title: 'No document stores yet',
          description: 'Add a store, load files or text into it, and let your flows answer from them.',
        }}
      >
        <ResourceTable
          label="Document stores"
          columns={columns}
          items={shown}
          rowKey={(store) => store.id}
          actions={actions}
        />
      </ResourceList>
      {editing && (
        <StoreDialog
          key={editing.store?.id ?? 'new'}
          store={editing.store ?? undefined}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  )
}
