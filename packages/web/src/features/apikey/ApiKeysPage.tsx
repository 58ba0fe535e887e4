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
import { createApiKey, deleteApiKey, listApiKeys, renameApiKey } from '../../api/apiKeys'
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
import ApiKeyNameDialog from './ApiKeyNameDialog'
import FlowsUsing from './FlowsUsing'
import NewApiKeyDialog from './NewApiKeyDialog'

const API_KEYS_KEY = 'api-keys'

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
  const [renaming, setRenaming] = useState<ApiKey | null>(null)

  const query = useDeferredValue(search)
  const shown = useMemo(
    () =>
      list.items.filter((apiKey) =>
        matchesText([apiKey.keyName, apiKey.keyPreview, ...apiKey.chatFlows.map((flow) => flow.name)], query),
      ),
    [list.items, query],
  )
  const refresh = () => queryClient.invalidateQueries({ queryKey: [API_KEYS_KEY] })

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
    { header: 'Usage', nowrap: true, cell: (apiKey) => <FlowsUsing flows={apiKey.chatFlows} /> },
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
                title="Rename"
                label={`Rename ${apiKey.keyName}`}
                icon={<Edit fontSize="small" />}
                onClick={() => setRenaming(apiKey)}
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
          description: 'Create a key, bind it to a flow, and call the flow from your own code with it.',
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
        <ApiKeyNameDialog
          title="Create API Key"
          submitLabel="Create"
          initialName=""
          onClose={() => setCreating(false)}
          onSubmit={async (keyName) => {
            const apiKey = await createApiKey(keyName)
            setCreating(false)
            setCreated(apiKey)
            await refresh()
          }}
        />
      )}
      {created && <NewApiKeyDialog apiKey={created} onClose={() => setCreated(null)} />}
      {renaming && (
        <ApiKeyNameDialog
          key={renaming.id}
          title="Rename API Key"
          submitLabel="Rename"
          initialName={renaming.keyName}
          onClose={() => setRenaming(null)}
          onSubmit={async (keyName) => {
            await renameApiKey(renaming.id, keyName)
            notify(`API key renamed to ${keyName}`, 'success')
            setRenaming(null)
            await refresh()
          }}
        />
      )}
    </>
  )
}
