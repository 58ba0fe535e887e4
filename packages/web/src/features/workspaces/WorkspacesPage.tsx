import Add from '@mui/icons-material/Add'
import Delete from '@mui/icons-material/DeleteOutlined'
import Edit from '@mui/icons-material/EditOutlined'
import Group from '@mui/icons-material/GroupOutlined'
import WorkspacesIcon from '@mui/icons-material/WorkspacesOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useDeferredValue, useMemo, useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router'
import type { Workspace } from '@weft/core'
import { createWorkspace, deleteWorkspace, listWorkspaces, updateWorkspace } from '../../api/workspace'
import { useConfirm } from '../../components/confirm/useConfirm'
import { matchesText } from '../../components/list/matchesText'
import ResourceList from '../../components/list/ResourceList'
import ResourceTable, { type Column } from '../../components/list/ResourceTable'
import RowAction from '../../components/list/RowAction'
import { useListAction } from '../../components/list/useListAction'
import { notify } from '../../components/notifications/notify'
import { useSession } from '../../store/session'
import { fromNow, fullDate } from '../flows/fromNow'
import { useCan } from '../flows/useCan'
import { renameInSession } from '../workspace/sessionWorkspaces'
import { SIGNED_IN_USER_KEY } from '../workspace/useSignedInUserSync'
import WorkspaceDialog from './WorkspaceDialog'
import { countParts, deleteDescription, plural } from './workspaceCounts'

export const WORKSPACES_KEY = 'workspaces'

type Editing = { workspace: Workspace | null }

/** What a workspace holds, in a line: the first few counts, then how many kinds more. */
function Holds({ workspace }: { workspace: Workspace }) {
  const parts = countParts(workspace.counts)
  if (parts.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Empty
      </Typography>
    )
  const shown = parts.slice(0, 3).join(' · ')
  return (
    <Typography variant="body2" color="text.secondary" title={parts.join(', ')}>
      {parts.length > 3 ? `${shown} · +${parts.length - 3} more` : shown}
    </Typography>
  )
}

/** /workspaces: the organization's workspaces, what each holds, and their members. */
export default function WorkspacesPage() {
  const organizationId = useSession((state) => state.user?.activeOrganizationId ?? '')
  const activeWorkspaceId = useSession((state) => state.user?.activeWorkspaceId)
  const query = useQuery({
    queryKey: [WORKSPACES_KEY, organizationId],
    queryFn: () => listWorkspaces(organizationId),
    enabled: organizationId !== '',
  })
  const items = useMemo(() => query.data ?? [], [query.data])
  const queryClient = useQueryClient()
  const confirm = useConfirm()
  const navigate = useNavigate()
  const run = useListAction(WORKSPACES_KEY)
  const canCreate = useCan('workspace:create')
  const canUpdate = useCan('workspace:update')
  const canDelete = useCan('workspace:delete')
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<Editing | null>(null)

  const deferred = useDeferredValue(search)
  const shown = useMemo(() => items.filter((w) => matchesText([w.name, w.description], deferred)), [items, deferred])

  /** The session's list of workspaces follows: the switcher and Workspace Unavailable read it. */
  const refreshSession = () => queryClient.invalidateQueries({ queryKey: [SIGNED_IN_USER_KEY] })

  const save = async (body: { name: string; description: string }) => {
    const current = editing?.workspace
    if (current) {
      const saved = await updateWorkspace({ id: current.id, ...body })
      renameInSession(saved.id, saved.name)
    } else {
      await createWorkspace(body)
    }
    notify(`Workspace ${body.name} ${current ? 'saved' : 'added'}`, 'success')
    setEditing(null)
    await Promise.all([queryClient.invalidateQueries({ queryKey: [WORKSPACES_KEY] }), refreshSession()])
  }

  const remove = async (workspace: Workspace) => {
    const confirmed = await confirm({
      title: 'Delete workspace',
      description: deleteDescription(workspace.name, workspace.counts, workspace.userCount),
      confirmButtonName: 'Delete',
    })
    if (!confirmed) return
    await run(() => deleteWorkspace(workspace.id), `Workspace ${workspace.name} deleted`, 'Failed to delete workspace')
    await refreshSession()
  }

  const columns: Column<Workspace>[] = [
    {
      header: 'Name',
      cell: (workspace) => (
        <Box>
          <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
            <Link
              component={RouterLink}
              to={`/workspace-users/${workspace.id}`}
              variant="body2"
              fontWeight={500}
              underline="hover"
              sx={{ overflowWrap: 'break-word' }}
            >
              {workspace.name}
            </Link>
            {workspace.isDefault && <Chip size="small" variant="outlined" label="Default" />}
            {workspace.id === activeWorkspaceId && (
              <Chip size="small" color="primary" variant="outlined" label="Current" />
            )}
          </Stack>
          {workspace.description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, overflowWrap: 'break-word' }}>
              {workspace.description}
            </Typography>
          )}
          {/* Phones have no Members column: the count goes under the name. */}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, display: { xs: 'block', md: 'none' } }}>
            {plural(workspace.userCount, 'member', 'members')}
          </Typography>
        </Box>
      ),
    },
    {
      header: 'Members',
      nowrap: true,
      hideOnPhones: true,
      cell: (workspace) => <Typography variant="body2">{plural(workspace.userCount, 'member', 'members')}</Typography>,
    },
    { header: 'Holds', hideOnPhones: true, cell: (workspace) => <Holds workspace={workspace} /> },
    {
      header: 'Created',
      nowrap: true,
      hideOnPhones: true,
      cell: (workspace) => (
        <Typography variant="body2" color="text.secondary" title={fullDate(workspace.createdDate)}>
          {fromNow(workspace.createdDate)}
        </Typography>
      ),
    },
  ]

  const actions = (workspace: Workspace) => (
    <>
      <RowAction
        title="Members"
        label={`Members of ${workspace.name}`}
        icon={<Group fontSize="small" />}
        onClick={() => void navigate(`/workspace-users/${workspace.id}`)}
      />
      {canUpdate && (
        <RowAction
          title="Edit"
          label={`Edit ${workspace.name}`}
          icon={<Edit fontSize="small" />}
          onClick={() => setEditing({ workspace })}
        />
      )}
      {canDelete && !workspace.isDefault && (
        <RowAction
          danger
          title="Delete"
          label={`Delete ${workspace.name}`}
          icon={<Delete fontSize="small" />}
          onClick={() => void remove(workspace)}
        />
      )}
    </>
  )

  const addButton = canCreate ? (
    <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ workspace: null })}>
      Add Workspace
    </Button>
  ) : null

  return (
    <>
      <ResourceList
        title="Workspaces"
        description="Each workspace keeps its own flows, credentials and people; members see only theirs."
        noun="workspaces"
        addButton={addButton}
        list={{ total: items.length, isPending: query.isPending, error: query.error, refetch: query.refetch }}
        search={search}
        onSearch={setSearch}
        searchPlaceholder="Search by name or description"
        shownCount={shown.length}
        empty={{
          icon: WorkspacesIcon,
          title: 'No workspaces yet',
          description: 'Add a workspace to give a team its own flows, credentials and members.',
        }}
      >
        <ResourceTable label="Workspaces" columns={columns} items={shown} rowKey={(w) => w.id} actions={actions} />
      </ResourceList>
      {editing && (
        <WorkspaceDialog
          key={editing.workspace?.id ?? 'new'}
          workspace={editing.workspace ?? undefined}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  )
}
