import Add from '@mui/icons-material/Add'
import Delete from '@mui/icons-material/DeleteOutlined'
import Edit from '@mui/icons-material/EditOutlined'
import Lock from '@mui/icons-material/LockOutlined'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'
import { useQueryClient } from '@tanstack/react-query'
import { errorMessage, type Credential } from '@weft/core'
import { useDeferredValue, useMemo, useState } from 'react'
import { deleteCredential, getCredential, updateCredential } from '../../api/credentials'
import { useConfirm } from '../../components/confirm/useConfirm'
import LoadingDialog from '../../components/LoadingDialog'
import { notify } from '../../components/notifications/notify'
import { fromNow, fullDate } from '../flows/fromNow'
import { useCan } from '../flows/useCan'
import AddCredentialDialog from './AddCredentialDialog'
import CredentialFormDialog from './CredentialFormDialog'
import { matchesText } from '../../components/list/matchesText'
import ResourceList from '../../components/list/ResourceList'
import ResourceTable, { type Column } from '../../components/list/ResourceTable'
import RowAction from '../../components/list/RowAction'
import { useListAction } from '../../components/list/useListAction'
import { typeOfCredential } from './typeOfCredential'
import { CREDENTIALS_KEY, useCredentialList } from './useCredentialList'
import { useCredentialTypes } from './useCredentialTypes'

/** /credentials: the keys and secrets flows use to reach other services, stored encrypted. */
export default function CredentialsPage() {
  const list = useCredentialList()
  const { byName } = useCredentialTypes()
  const queryClient = useQueryClient()
  const confirm = useConfirm()
  const run = useListAction(CREDENTIALS_KEY)
  const canCreate = useCan('credentials:create')
  const canUpdate = useCan('credentials:update')
  const canDelete = useCan('credentials:delete')
  const [search, setSearch] = useState('')
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<Credential | null>(null)
  const [opening, setOpening] = useState(false)

  const typeLabel = (credential: Credential) =>
    byName.get(credential.credentialName)?.label ?? credential.credentialName
  const query = useDeferredValue(search)
  const shown = useMemo(
    () =>
      list.items.filter((credential) =>
        matchesText([credential.name, credential.credentialName, byName.get(credential.credentialName)?.label], query),
      ),
    [list.items, byName, query],
  )
  const refresh = () => queryClient.invalidateQueries({ queryKey: [CREDENTIALS_KEY] })

  const openEditor = async (credential: Credential) => {
    setOpening(true)
    try {
      setEditing(await getCredential(credential.id))
    } catch (error) {
      notify(`Could not open ${credential.name}: ${errorMessage(error)}`, 'error')
    } finally {
      setOpening(false)
    }
  }

  const remove = async (credential: Credential) => {
    const confirmed = await confirm({
      title: 'Delete credential',
      description: `Delete credential ${credential.name}? Flows using it will stop working until you choose another.`,
      confirmButtonName: 'Delete',
    })
    if (confirmed)
      await run(
        () => deleteCredential(credential.id),
        `Credential ${credential.name} deleted`,
        'Failed to delete credential',
      )
  }

  const columns: Column<Credential>[] = [
    {
      header: 'Name',
      cell: (credential) => (
        <Typography variant="body2" fontWeight={500} sx={{ overflowWrap: 'anywhere' }}>
          {credential.name}
        </Typography>
      ),
    },
    { header: 'Type', cell: (credential) => <Chip size="small" variant="outlined" label={typeLabel(credential)} /> },
    {
      header: 'Last Updated',
      nowrap: true,
      hideOnPhones: true,
      cell: (credential) => (
        <Typography variant="body2" color="text.secondary" title={fullDate(credential.updatedDate)}>
          {fromNow(credential.updatedDate)}
        </Typography>
      ),
    },
  ]
  const actions =
    canUpdate || canDelete
      ? (credential: Credential) => (
          <>
            {canUpdate && (
              <RowAction
                title="Edit"
                label={`Edit ${credential.name}`}
                icon={<Edit fontSize="small" />}
                onClick={() => void openEditor(credential)}
              />
            )}
            {canDelete && (
              <RowAction
                danger
                title="Delete"
                label={`Delete ${credential.name}`}
                icon={<Delete fontSize="small" />}
                onClick={() => void remove(credential)}
              />
            )}
          </>
        )
      : undefined

  const addButton = canCreate ? (
    <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
      Add Credential
    </Button>
  ) : null

  return (
    <>
      <ResourceList
        title="Credentials"
        description="API keys and secrets for the services your flows connect to, stored encrypted."
        noun="credentials"
        addButton={addButton}
        list={{ ...list, total: list.items.length }}
        search={search}
        onSearch={setSearch}
        searchPlaceholder="Search by name or type"
        shownCount={shown.length}
        empty={{
          icon: Lock,
          title: 'No credentials yet',
          description: 'Add the API key of a model provider or a service, then pick it in any node that needs it.',
        }}
      >
        <ResourceTable
          label="Credentials"
          columns={columns}
          items={shown}
          rowKey={(credential) => credential.id}
          actions={actions}
        />
      </ResourceList>
      {adding && (
        <AddCredentialDialog
          onClose={() => setAdding(false)}
          onCreated={() => {
            setAdding(false)
            void refresh()
          }}
        />
      )}
      {editing && (
        <CredentialFormDialog
          key={editing.id}
          type={typeOfCredential(editing, byName.get(editing.credentialName))}
          credential={editing}
          onClose={() => setEditing(null)}
          onSubmit={async (body) => {
            await updateCredential(editing.id, body)
            notify(`Credential ${body.name} saved`, 'success')
            setEditing(null)
            await refresh()
          }}
        />
      )}
      <LoadingDialog open={opening} message="Opening credential…" />
    </>
  )
}
