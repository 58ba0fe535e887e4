import ArrowBack from '@mui/icons-material/ArrowBack'
import Badge from '@mui/icons-material/BadgeOutlined'
import GroupAdd from '@mui/icons-material/GroupAddOutlined'
import PersonRemove from '@mui/icons-material/PersonRemoveOutlined'
import People from '@mui/icons-material/PeopleOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { errorMessage, type WorkspaceUser } from '@weft/core'
import { useDeferredValue, useMemo, useState } from 'react'
import { Link as RouterLink, useParams } from 'react-router'
import {
  getWorkspace,
  linkUsers,
  listOrganizationMembers,
  listRoles,
  listWorkspaceUsers,
  unlinkUsers,
  updateWorkspaceUser,
} from '../../api/workspace'
import { useConfirm } from '../../components/confirm/useConfirm'
import { matchesText } from '../../components/list/matchesText'
import ResourceList from '../../components/list/ResourceList'
import ResourceTable, { type Column } from '../../components/list/ResourceTable'
import RowAction from '../../components/list/RowAction'
import { useListAction } from '../../components/list/useListAction'
import { notify } from '../../components/notifications/notify'
import { useSession } from '../../store/session'
import LoadError from '../flows/LoadError'
import { fromNow, fullDate } from '../flows/fromNow'
import { useCan } from '../flows/useCan'
import { SIGNED_IN_USER_KEY } from '../workspace/useSignedInUserSync'
import AddMembersDialog from './AddMembersDialog'
import ChangeRoleDialog from './ChangeRoleDialog'
import { assignableRoles } from './RolePicker'
import { WORKSPACES_KEY } from './WorkspacesPage'

const MEMBERS_KEY = 'workspace-users'

const ROLE_COLORS: Record<string, 'primary' | 'secondary' | 'default' | 'info'> = {
  owner: 'primary',
  admin: 'secondary',
  member: 'info',
  viewer: 'default',
}

function BackToWorkspaces() {
  return (
    <Button
      component={RouterLink}
      to="/workspaces"
      size="small"
      color="inherit"
      startIcon={<ArrowBack />}
      sx={{ mb: 1.5, ml: -1 }}
    >
      Workspaces
    </Button>
  )
}

/** /workspace-users/{id}: a workspace's members, their roles, adding and removing people. */
export default function WorkspaceUsersPage() {
  const { id = '' } = useParams()
  const organizationId = useSession((state) => state.user?.activeOrganizationId ?? '')
  const myId = useSession((state) => state.user?.id)
  const canAdd = useCan('workspace:add-user')
  const canRemove = useCan('workspace:unlink-user')
  const workspace = useQuery({ queryKey: [WORKSPACES_KEY, 'one', id], queryFn: () => getWorkspace(id) })
  const members = useQuery({ queryKey: [MEMBERS_KEY, id], queryFn: () => listWorkspaceUsers(id) })
  const roles = useQuery({
    queryKey: ['roles', organizationId],
    queryFn: () => listRoles(organizationId),
    enabled: canAdd && organizationId !== '',
  })
  const people = useQuery({
    queryKey: [MEMBERS_KEY, 'organization', organizationId],
    queryFn: () => listOrganizationMembers(organizationId),
    enabled: canAdd && organizationId !== '',
  })
  const queryClient = useQueryClient()
  const confirm = useConfirm()
  const run = useListAction(MEMBERS_KEY)
  const [search, setSearch] = useState('')
  const [adding, setAdding] = useState(false)
  const [changing, setChanging] = useState<WorkspaceUser | null>(null)

  const items = useMemo(() => members.data ?? [], [members.data])
  const deferred = useDeferredValue(search)
  const shown = useMemo(
    () => items.filter((m) => matchesText([m.user.name, m.user.email, m.role.name], deferred)),
    [items, deferred],
  )
  const roleChoices = assignableRoles(roles.data ?? [])
  const rolesError = roles.error ? `Roles could not be loaded: ${errorMessage(roles.error)}` : undefined
  const candidates = useMemo(() => {
    const inWorkspace = new Set(items.map((m) => m.userId))
    const byId = new Map<string, WorkspaceUser['user']>()
    for (const m of people.data ?? []) if (!inWorkspace.has(m.userId)) byId.set(m.userId, m.user)
    return [...byId.values()].sort((a, b) => (a.name || a.email).localeCompare(b.name || b.email))
  }, [items, people.data])

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [MEMBERS_KEY] }),
      queryClient.invalidateQueries({ queryKey: [WORKSPACES_KEY] }),
      // Removing oneself, or being added, changes one's own list of workspaces.
      queryClient.invalidateQueries({ queryKey: [SIGNED_IN_USER_KEY] }),
    ])
  }

  const name = workspace.data?.name ?? 'Workspace'

  const add = async (userIds: string[], roleId: string) => {
    await linkUsers(
      id,
      userIds.map((userId) => ({ userId, roleId })),
    )
    notify(userIds.length === 1 ? `Member added to ${name}` : `${userIds.length} members added to ${name}`, 'success')
    setAdding(false)
    await refresh()
  }

  const changeRole = async (member: WorkspaceUser, roleId: string) => {
    const saved = await updateWorkspaceUser({ workspaceId: id, userId: member.userId, roleId })
    notify(`${member.user.name || member.user.email} is now ${saved.role.name} in ${name}`, 'success')
    setChanging(null)
    await refresh()
  }

  const remove = async (member: WorkspaceUser) => {
    const who = member.user.name || member.user.email
    const confirmed = await confirm({
      title: 'Remove member',
      description:
        member.userId === myId
          ? `Remove yourself from ${name}? You will lose access to it and everything in it.`
          : `Remove ${who} from ${name}? They lose access to its flows, credentials and everything else in it at once.`,
      confirmButtonName: 'Remove',
    })
    if (!confirmed) return
    await run(() => unlinkUsers(id, [member.userId]), `${who} removed from ${name}`, 'Failed to remove member')
    await refresh()
  }

  if (workspace.error && !workspace.data) {
    return (
      <>
        <BackToWorkspaces />
        <LoadError what="workspace" error={workspace.error} onRetry={() => void workspace.refetch()} />
      </>
    )
  }

  const columns: Column<WorkspaceUser>[] = [
    {
      header: 'Member',
      cell: (m) => (
        <Box>
          <Typography variant="body2" fontWeight={500} sx={{ overflowWrap: 'break-word' }}>
            {m.user.name || m.user.email}
            {m.userId === myId && (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                (you)
              </Typography>
            )}
          </Typography>
          {m.user.name && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
              {m.user.email}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      header: 'Role',
      cell: (m) => (
        <Stack direction="row" spacing={0.75} useFlexGap flexWrap="wrap">
          <Chip size="small" variant="outlined" color={ROLE_COLORS[m.role.name] ?? 'default'} label={m.role.name} />
          {m.isOrgOwner && m.role.name !== 'owner' && (
            <Chip size="small" variant="outlined" label="Organization admin" />
          )}
          {m.user.status !== 'active' && <Chip size="small" color="warning" variant="outlined" label={m.user.status} />}
        </Stack>
      ),
    },
    {
      header: 'Last Login',
      nowrap: true,
      hideOnPhones: true,
      cell: (m) => (
        <Typography variant="body2" color="text.secondary" title={m.lastLogin ? fullDate(m.lastLogin) : undefined}>
          {m.lastLogin ? fromNow(m.lastLogin) : 'Never'}
        </Typography>
      ),
    },
    {
      header: 'Added',
      nowrap: true,
      hideOnPhones: true,
      cell: (m) => (
        <Typography variant="body2" color="text.secondary" title={fullDate(m.createdDate)}>
          {fromNow(m.createdDate)}
        </Typography>
      ),
    },
  ]

  const who = (m: WorkspaceUser) => m.user.name || m.user.email
  const actions =
    canAdd || canRemove
      ? (m: WorkspaceUser) => (
          <>
            {canAdd && (
              <RowAction
                title="Change role"
                label={`Change role of ${who(m)}`}
                icon={<Badge fontSize="small" />}
                onClick={() => setChanging(m)}
              />
            )}
            {canRemove && (
              <RowAction
                danger
                title="Remove"
                label={`Remove ${who(m)}`}
                icon={<PersonRemove fontSize="small" />}
                onClick={() => void remove(m)}
              />
            )}
          </>
        )
      : undefined

  const addButton = canAdd ? (
    <Button variant="contained" startIcon={<GroupAdd />} onClick={() => setAdding(true)} disabled={!workspace.data}>
      Add Members
    </Button>
  ) : null

  return (
    <>
      <BackToWorkspaces />
      <ResourceList
        title={workspace.data ? `${workspace.data.name} members` : 'Workspace members'}
        description={workspace.data?.description || 'People who work in this workspace, each with a role.'}
        noun="members"
        addButton={addButton}
        list={{ total: items.length, isPending: members.isPending, error: members.error, refetch: members.refetch }}
        search={search}
        onSearch={setSearch}
        searchPlaceholder="Search by name, email or role"
        shownCount={shown.length}
        empty={{
          icon: People,
          title: 'No members yet',
          description: 'Add people of your organization and choose what each may do here.',
        }}
      >
        <ResourceTable label="Members" columns={columns} items={shown} rowKey={(m) => m.userId} actions={actions} />
      </ResourceList>
      {adding && (
        <AddMembersDialog
          workspaceName={name}
          candidates={candidates}
          roles={roleChoices}
          rolesError={rolesError}
          onSubmit={add}
          onClose={() => setAdding(false)}
        />
      )}
      {changing && (
        <ChangeRoleDialog
          member={changing}
          roles={roleChoices}
          rolesError={rolesError}
          onSubmit={(roleId) => changeRole(changing, roleId)}
          onClose={() => setChanging(null)}
        />
      )}
    </>
  )
}
