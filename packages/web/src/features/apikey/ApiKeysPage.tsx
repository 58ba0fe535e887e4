import Add from '@mui/icons-material/Add'
import Delete from '@mui/icons-material/DeleteOutlined'
import Edit from '@mui/icons-material/EditOutlined'
import Key from '@mui/icons-material/KeyOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useQueryClient } from '@tanstack/react-query'
import type { ApiKey, CreatedApiKey } from '@weft/core'
import { useDeferredValue, useMemo, useState } from 'react'
import { createApiKey, deleteApiKey, listApiKeys, updateApiKey } from '../../api/apiKeys'
import { useConfirm } from '../../components/confirm/useConfirm'
import { notify } from '../../components/notifications/notify'
import { matchesText } from '../../components/list/matchesText'
import ResourceList from '../../components/list/ResourceList'
import ResourceTable, { type Column } from '../../components/list/ResourceTable'
import RowAction from '../../components/list/RowAction'
import { useListAction } from '../../components/list/useListAction'
import { useWorkspaceList } from '../../components/list/useWorkspaceList'
import { fromNow, fullDate } from '../flows/fromNow'
import { useCan } from '../flows/useCan'
import { FLOWS_KEY } from '../flows/useFlowList'
import ApiKeyDialog from './ApiKeyDialog'
import { API_KEYS_KEY } from './apiKeysKey'
import FlowsUsing from './FlowsUsing'
import NewApiKeyDialog from './NewApiKeyDialog'

/** What deleting a key takes away, named so the user sees the cost before confirming. */
function deleteWarning(apiKey: ApiKey): string {
  const flows = apiKey.chatFlows.map((flow) => flow.name)
  const lost =
    flows.length === 0
      ? 'No flow is bound to it; programs using it will no longer be able to call your flows.'
      : `${flows.join(', ')} will lose access through it: programs using this key will be refused.`
  return `Delete API key ${apiKey.keyName}? ${lost}`
}

/** /apikey: keys that let other programs call the workspace's flows. */
export default function ApiKeysPage() {
  const list = useWorkspaceList(API_KEYS_KEY, listApiKeys)
  const queryClient = useQueryClient()
  const confirm = useConfirm()
  const run = useListAction(API_KEYS_KEY)
  const canCreate = useCan('apikeys:create')
  const canUpdate = useCan('apikeys:update')
  const canDelete = useCan('apikeys:delete')
  const [search, setSearch] = useState('')
  const [creating, setCreating] = useState(false)
  const [created, setCreated] = useState<CreatedApiKey | null>(null)
  const [editing, setEditing] = useState<ApiKey | null>(null)

  const query = useDeferredValue(search)
  const shown = useMemo(
    () =>
      list.items.filter((apiKey) =>
        matchesText([apiKey.keyName, apiKey.keyPreview, ...apiKey.chatFlows.map((flow) => flow.name)], query),
      ),
    [list.items, query],
  )
  // Binding changes flows too, so their lists reload with the keys.
  const refresh = () =>
    Promise.all([API_KEYS_KEY, FLOWS_KEY].map((key) => queryClient.invalidateQueries({ queryKey: [key] })))

  const remove = async (apiKey: ApiKey) => {
    const confirmed = await confirm({
      title: 'Delete API key',
      description: deleteWarning(apiKey),
      confirmButtonName: 'Delete',
    })
    if (confirmed)
      await run(() => deleteApiKey(apiKey.id), `API key ${apiKey.keyName} deleted`, 'Failed to delete API key')
  }

  const columns: Column<ApiKey>[] = [
    {
      header: 'Key Name',
      cell: (apiKey) => (
        <Typography variant="body2" fontWeight={500} sx={{ overflowWrap: 'anywhere' }}>
          {apiKey.keyName}
        </Typography>
      ),
    },
    {
      header: 'API Key',
      nowrap: true,
      cell: (apiKey) => (
        <Box component="code" sx={{ fontFamily: 'monospace', fontSize: 13, color: 'text.secondary' }}>
          {apiKey.keyPreview}
        </Box>
      ),
    },
    { header: 'Usage', cell: (apiKey) => <FlowsUsing flows={apiKey.chatFlows} /> },
    {
      header: 'Created',
      nowrap: true,
      hideOnPhones: true,
      cell: (apiKey) => (
        <Typography variant="body2" color="text.secondary" title={fullDate(apiKey.createdDate)}>
          {fromNow(apiKey.createdDate)}
        </Typography>
      ),
    },
  ]
  const actions =
    canUpdate || canDelete
      ? (apiKey: ApiKey) => (
          <>
            {canUpdate && (
              <RowAction
                title="Edit"
                label={`Edit ${apiKey.keyName}`}
                icon={<Edit fontSize="small" />}
                onClick={() => setEditing(apiKey)}
              />
            )}
            {canDelete && (
              <RowAction
                danger
                title="Delete"
                label={`Delete ${apiKey.keyName}`}
                icon={<Delete fontSize="small" />}
                onClick={() => void remove(apiKey)}
              />
            )}
          </>
        )
      : undefined

  const addButton = canCreate ? (
    <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
      Create Key
    </Button>
  ) : null

  return (
    <>
      <ResourceList
        title="API Keys"
        description="Keys that let other applications call your flows."
        noun="API keys"
        addButton={addButton}
        list={{ ...list, total: list.items.length }}
        search={search}
        onSearch={setSearch}
        searchPlaceholder="Search by name, key or flow"
        shownCount={shown.length}
        empty={{
          icon: Key,
          title: 'No API keys yet',
          description: 'Create a key, choose the flows it may call, and call them from your own code with it.',
        }}
      >
        <ResourceTable
          label="API Keys"
          columns={columns}
          items={shown}
          rowKey={(apiKey) => apiKey.id}
          actions={actions}
        />
      </ResourceList>
      {creating && (
        <ApiKeyDialog
          title="Create API Key"
          submitLabel="Create"
          keys={list.items}
          onClose={() => setCreating(false)}
          onSubmit={async (body) => {
            const apiKey = await createApiKey(body)
            setCreating(false)
            setCreated(apiKey)
            await refresh()
          }}
        />
      )}
      {created && <NewApiKeyDialog apiKey={created} onClose={() => setCreated(null)} />}
      {editing && (
        <ApiKeyDialog
          key={editing.id}
          title="Edit API Key"
          submitLabel="Save"
          apiKey={editing}
          keys={list.items}
          onClose={() => setEditing(null)}
          onSubmit={async (body) => {
            await updateApiKey(editing.id, body)
            notify(`API key ${body.keyName} saved`, 'success')
            setEditing(null)
            await refresh()
          }}
        />
      )}
    </>
  )
}
