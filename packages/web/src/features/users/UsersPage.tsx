import Block from '@mui/icons-material/BlockOutlined'
import CancelScheduleSend from '@mui/icons-material/CancelScheduleSendOutlined'
import CheckCircle from '@mui/icons-material/CheckCircleOutline'
import Delete from '@mui/icons-material/DeleteOutlined'
import Edit from '@mui/icons-material/EditOutlined'
import Group from '@mui/icons-material/GroupOutlined'
import PersonAdd from '@mui/icons-material/PersonAddAlt1Outlined'
import Send from '@mui/icons-material/SendOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useDeferredValue, useMemo, useState } from 'react'
import type { OrganizationUser } from '@weft/core'
import {
  inviteUser,
  listOrganizationUsers,
  removeOrganizationUser,
  resendInvitation,
  revokeInvitation,
  updateOrganizationUser,
  type NewInvitation,
} from '../../api/organizationUsers'
import { useConfirm } from '../../components/confirm/useConfirm'
import { matchesText } from '../../components/list/matchesText'
import ResourceList from '../../components/list/ResourceList'
import ResourceTable, { type Column } from '../../components/list/ResourceTable'
import RowAction from '../../components/list/RowAction'
import { useListAction } from '../../components/list/useListAction'
import { notify } from '../../components/notifications/notify'
import { useSession } from '../../store/session'
import { fromNow, fullDate } from '../flows/fromNow'
import EditUserDialog, { type UserChange } from './EditUserDialog'
import InviteDialog from './InviteDialog'

const USERS_KEY = 'organization-users'

const nameOf = (u: OrganizationUser) => u.user.name || u.user.email

const STATUS_CHIP = {
  active: { label: 'Active', color: 'success' },
  disabled: { label: 'Disabled', color: 'default' },
  invited: { label: 'Invited', color: 'warning' },
} as const

function StatusCell({ user }: { user: OrganizationUser }) {
  const chip = STATUS_CHIP[user.status]
  const invitation = user.invitation
  return (
    <Stack spacing={0.5} alignItems="flex-start">
      <Chip size="small" variant="outlined" color={chip.color} label={chip.label} />
      {invitation && (
        <Typography
          variant="caption"
          color={invitation.expired ? 'error' : 'text.secondary'}
          title={fullDate(invitation.sentAt)}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {invitation.expired
            ? `Link expired ${invitation.expiresAt ? fromNow(invitation.expiresAt) : ''}`
            : `Sent ${fromNow(invitation.sentAt)}`}
          {invitation.invitedBy && (
            <>
              <br />
              by {invitation.invitedBy.name || invitation.invitedBy.email}
            </>
          )}
        </Typography>
      )}
    </Stack>
  )
}

const roleText = (user: OrganizationUser) =>
  user.isOrganizationAdmin
    ? user.isOrgOwner
      ? 'Owner'
      : 'Organization admin'
    : (user.role?.name ?? 'Not in this workspace')

function RoleCell({ user }: { user: OrganizationUser }) {
  if (user.isOrganizationAdmin)
    return (
      <Chip size="small" color="primary" variant="outlined" label={user.isOrgOwner ? 'Owner' : 'Organization admin'} />
    )
  if (!user.role)
    return (
      <Typography variant="body2" color="text.secondary">
        Not in this workspace
      </Typography>
    )
  return <Typography variant="body2">{user.role.name}</Typography>
}

function WorkspacesCell({ user }: { user: OrganizationUser }) {
  if (user.workspaces.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        None
      </Typography>
    )
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {user.workspaces.map((w) => (
        <Chip
          key={w.workspaceId}
          size="small"
          label={user.isOrganizationAdmin ? w.workspaceName : `${w.workspaceName} · ${w.roleName}`}
        />
      ))}
    </Stack>
  )
}

/** /users: the organization's people, their status, roles and workspaces, and the invitations still pending. */
export default function UsersPage() {
  const me = useSession((state) => state.user)
  const organizationId = me?.activeOrganizationId ?? ''
  const workspaceName = me?.activeWorkspace ?? 'this workspace'
  const query = useQuery({
    queryKey: [USERS_KEY, organizationId, me?.activeWorkspaceId],
    queryFn: () => listOrganizationUsers(organizationId),
    enabled: organizationId !== '',
  })
  const queryClient = useQueryClient()
  const confirm = useConfirm()
  const run = useListAction(USERS_KEY)
  const [search, setSearch] = useState('')
  const [inviting, setInviting] = useState(false)
  const [editing, setEditing] = useState<OrganizationUser | null>(null)

  const items = useMemo(() => [...(query.data ?? [])].sort((a, b) => nameOf(a).localeCompare(nameOf(b))), [query.data])
  const text = useDeferredValue(search)
  const shown = useMemo(
    () =>
      items.filter((u) =>
        matchesText(
          [u.user.name, u.user.email, u.status, u.role?.name ?? '', ...u.workspaces.map((w) => w.workspaceName)],
          text,
        ),
      ),
    [items, text],
  )

  const refresh = () => queryClient.invalidateQueries({ queryKey: [USERS_KEY] })

  const invite = async (invitation: NewInvitation) => {
    const answer = await inviteUser(invitation)
    notify(answer.message, 'success')
    setInviting(false)
    await refresh()
  }

  const save = async (user: OrganizationUser, change: UserChange) => {
    await updateOrganizationUser({ organizationId, userId: user.userId, ...change })
    notify(`${nameOf(user)} saved`, 'success')
    setEditing(null)
    await refresh()
  }

  const resend = (user: OrganizationUser) =>
    run(
      () => resendInvitation(user.user.email),
      `Invitation sent again to ${user.user.email}`,
      'Failed to resend the invitation',
    )

  const revoke = async (user: OrganizationUser) => {
    const confirmed = await confirm({
      title: 'Revoke invitation',
      description: `Revoke the invitation of ${user.user.email}? The link they were sent stops working.`,
      confirmButtonName: 'Revoke',
    })
    if (confirmed)
      await run(
        () => revokeInvitation(user.user.email),
        `Invitation for ${user.user.email} revoked`,
        'Failed to revoke the invitation',
      )
  }

  const setStatus = async (user: OrganizationUser, status: 'active' | 'disabled') => {
    if (status === 'disabled') {
      const confirmed = await confirm({
        title: 'Disable user',
        description: `Disable ${nameOf(user)}? They are signed out at once and cannot sign in until enabled again.`,
        confirmButtonName: 'Disable',
      })
      if (!confirmed) return
    }
    await run(
      () => updateOrganizationUser({ organizationId, userId: user.userId, status }),
      `${nameOf(user)} ${status === 'disabled' ? 'disabled' : 'enabled'}`,
      `Failed to ${status === 'disabled' ? 'disable' : 'enable'} ${nameOf(user)}`,
    )
  }

  const remove = async (user: OrganizationUser) => {
    const where = user.workspaces.map((w) => w.workspaceName).join(', ')
    const confirmed = await confirm({
      title: 'Remove user',
      description: `Remove ${nameOf(user)} from the organization?${where ? ` They leave ${where}` : ' They are signed out'} and are signed out at once. What they built stays in the workspaces.`,
      confirmButtonName: 'Remove',
    })
    if (confirmed)
      await run(
        () => removeOrganizationUser(organizationId, user.userId),
        `${nameOf(user)} removed from the organization`,
        `Failed to remove ${nameOf(user)}`,
      )
  }

  const columns: Column<OrganizationUser>[] = [
    {
      header: 'User',
      cell: (u) => (
        <Box sx={{ minWidth: { md: 240 } }}>
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography variant="body2" fontWeight={500} sx={{ overflowWrap: 'anywhere' }}>
              {u.user.name || (u.status === 'invited' ? 'Not registered yet' : u.user.email)}
            </Typography>
            {u.userId === me?.id && <Chip size="small" label="You" />}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {u.user.email}
          </Typography>
          {/* The Status and Role columns give way on phones: both show here instead. */}
          <Stack direction="row" spacing={1} alignItems="center" sx={{ display: { xs: 'flex', md: 'none' }, mt: 0.5 }}>
            <Chip
              size="small"
              variant="outlined"
              color={STATUS_CHIP[u.status].color}
              label={STATUS_CHIP[u.status].label}
            />
            <Typography variant="caption" color="text.secondary">
              {roleText(u)}
            </Typography>
          </Stack>
        </Box>
      ),
    },
    { header: 'Status', hideOnPhones: true, cell: (u) => <StatusCell user={u} /> },
    { header: 'Role', hideOnPhones: true, cell: (u) => <RoleCell user={u} /> },
    { header: 'Workspaces', hideOnPhones: true, cell: (u) => <WorkspacesCell user={u} /> },
    {
      header: 'Last Login',
      nowrap: true,
      hideOnPhones: true,
      cell: (u) =>
        u.lastLogin ? (
          <Typography variant="body2" color="text.secondary" title={fullDate(u.lastLogin)}>
            {fromNow(u.lastLogin)}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Never
          </Typography>
        ),
    },
  ]

  const actions = (u: OrganizationUser) => {
    const who = nameOf(u)
    if (u.status === 'invited')
      return (
        <>
          <RowAction
            title="Resend invitation"
            label={`Resend invitation to ${u.user.email}`}
            icon={<Send fontSize="small" />}
            onClick={() => void resend(u)}
          />
          <RowAction
            danger
            title="Revoke invitation"
            label={`Revoke invitation of ${u.user.email}`}
            icon={<CancelScheduleSend fontSize="small" />}
            onClick={() => void revoke(u)}
          />
        </>
      )
    const self = u.userId === me?.id
    return (
      <>
        <RowAction title="Edit" label={`Edit ${who}`} icon={<Edit fontSize="small" />} onClick={() => setEditing(u)} />
        {!self &&
          (u.status === 'disabled' ? (
            <RowAction
              title="Enable"
              label={`Enable ${who}`}
              icon={<CheckCircle fontSize="small" />}
              onClick={() => void setStatus(u, 'active')}
            />
          ) : (
            <RowAction
              title="Disable"
              label={`Disable ${who}`}
              icon={<Block fontSize="small" />}
              onClick={() => void setStatus(u, 'disabled')}
            />
          ))}
        {!self && !u.isOrgOwner && (
          <RowAction
            danger
            title="Remove"
            label={`Remove ${who}`}
            icon={<Delete fontSize="small" />}
            onClick={() => void remove(u)}
          />
        )}
      </>
    )
  }

  const addButton = (
    <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setInviting(true)}>
      Invite User
    </Button>
  )
  const pending = items.filter((u) => u.status === 'invited').length

  return (
    <>
      <ResourceList
        title="Users"
        description="The people of your organization: their status, workspaces and roles, and invitations still pending."
        noun="users"
        addButton={addButton}
        list={{ total: items.length, isPending: query.isPending, error: query.error, refetch: query.refetch }}
        search={search}
        onSearch={setSearch}
        searchPlaceholder="Search by name, email, role or workspace"
        shownCount={shown.length}
        empty={{
          icon: Group,
          title: 'No users yet',
          description: 'Invite people by e-mail into a workspace with a role.',
        }}
        hint={
          <Typography variant="body2" color="text.secondary">
            {items.length} {items.length === 1 ? 'user' : 'users'}
            {pending > 0 ? `, ${pending} invited` : ''} · roles shown for {workspaceName}
          </Typography>
        }
      >
        <ResourceTable label="Users" columns={columns} items={shown} rowKey={(u) => u.userId} actions={actions} />
      </ResourceList>
      {inviting && <InviteDialog onSubmit={invite} onClose={() => setInviting(false)} />}
      {editing && (
        <EditUserDialog
          key={editing.userId}
          user={editing}
          workspaceName={workspaceName}
          canChangeAdmin={me?.isOrganizationAdmin === true}
          onSubmit={(change) => save(editing, change)}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  )
}
