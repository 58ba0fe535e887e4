import Add from '@mui/icons-material/Add'
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettingsOutlined'
import Delete from '@mui/icons-material/DeleteOutlined'
import Edit from '@mui/icons-material/EditOutlined'
import Visibility from '@mui/icons-material/VisibilityOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { PERMISSION_COUNT, type Role } from '@weft/core'
import { useDeferredValue, useMemo, useState } from 'react'
import { createRole, deleteRole, listRoles, updateRole, type RoleBody } from '../../api/roles'
import { useConfirm } from '../../components/confirm/useConfirm'
import { matchesText } from '../../components/list/matchesText'
import ResourceList from '../../components/list/ResourceList'
import ResourceTable, { type Column } from '../../components/list/ResourceTable'
import RowAction from '../../components/list/RowAction'
import { useListAction } from '../../components/list/useListAction'
import { notify } from '../../components/notifications/notify'
import { useSession } from '../../store/session'
import RoleDialog from './RoleDialog'

const ROLES_KEY = 'roles'

const people = (count: number) => (count === 1 ? '1 user' : `${count} users`)

/** The dialog open: creating (null), or editing or viewing a role. */
type Editing = { role: Role | null }

/** /roles: the built-in roles every organization has and the organization's own, with what each may do. */
export default function RolesPage() {
  const organizationId = useSession((state) => state.user?.activeOrganizationId)
  const query = useQuery({ queryKey: [ROLES_KEY, organizationId], queryFn: listRoles })
  const roles = useMemo(() => (Array.isArray(query.data) ? query.data : []), [query.data])
  const queryClient = useQueryClient()
  const confirm = useConfirm()
  const run = useListAction(ROLES_KEY)
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<Editing | null>(null)

  const text = useDeferredValue(search)
  const shown = useMemo(
    () => roles.filter((role) => matchesText([role.name, role.description, ...role.permissions], text)),
    [roles, text],
  )

  const save = async (body: RoleBody) => {
    const current = editing?.role
    if (current) await updateRole(current.id, body)
    else await createRole(body)
    notify(`Role ${body.name} ${current ? 'saved' : 'created'}`, 'success')
    setEditing(null)
    await queryClient.invalidateQueries({ queryKey: [ROLES_KEY] })
  }

  const remove = async (role: Role) => {
    if (role.userCount > 0) {
      notify(`${people(role.userCount)} hold ${role.name}: give them another role before deleting it`, 'warning')
      return
    }
    const confirmed = await confirm({
      title: 'Delete role',
      description: `Delete the role ${role.name}? No one holds it now; it cannot be brought back.`,
      confirmButtonName: 'Delete',
    })
    if (confirmed) await run(() => deleteRole(role.id), `Role ${role.name} deleted`, 'Failed to delete role')
  }

  const columns: Column<Role>[] = [
    {
      header: 'Name',
      cell: (role) => (
        // Room for the description on wide screens; the chip stays beside the name on phones too.
        <Box sx={{ minWidth: { md: 360 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" fontWeight={500} sx={{ overflowWrap: 'anywhere' }}>
              {role.name}
            </Typography>
            {role.builtIn ? (
              <Chip size="small" color="primary" variant="outlined" label="Built-in" />
            ) : (
              <Chip size="small" variant="outlined" label="Custom" />
            )}
          </Box>
          {role.description && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mt: 0.25 }}>
              {role.description}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      header: 'Permissions',
      nowrap: true,
      hideOnPhones: true,
      cell: (role) => (
        <Typography variant="body2" color="text.secondary">
          {role.permissions.length} of {PERMISSION_COUNT}
        </Typography>
      ),
    },
    {
      header: 'Users',
      nowrap: true,
      cell: (role) => (
        <Typography variant="body2" color="text.secondary" aria-label={people(role.userCount)}>
          {role.userCount}
        </Typography>
      ),
    },
  ]

  const actions = (role: Role) =>
    role.builtIn ? (
      <RowAction
        title="View"
        label={`View ${role.name}`}
        icon={<Visibility fontSize="small" />}
        onClick={() => setEditing({ role })}
      />
    ) : (
      <>
        <RowAction
          title="Edit"
          label={`Edit ${role.name}`}
          icon={<Edit fontSize="small" />}
          onClick={() => setEditing({ role })}
        />
        <RowAction
          danger
          title="Delete"
          label={`Delete ${role.name}`}
          icon={<Delete fontSize="small" />}
          onClick={() => void remove(role)}
        />
      </>
    )

  const addButton = (
    <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ role: null })}>
      Add Role
    </Button>
  )

  return (
    <>
      <ResourceList
        title="Roles"
        description="What people may do in a workspace: the built-in roles, and roles of your own."
        noun="roles"
        addButton={addButton}
        list={{ total: roles.length, isPending: query.isPending, error: query.error, refetch: query.refetch }}
        search={search}
        onSearch={setSearch}
        searchPlaceholder="Search by name, description or permission"
        shownCount={shown.length}
        empty={{
          icon: AdminPanelSettings,
          title: 'No roles yet',
          description: 'Make a role from the permissions people need, then give it to them in a workspace.',
        }}
      >
        <ResourceTable label="Roles" columns={columns} items={shown} rowKey={(role) => role.id} actions={actions} />
      </ResourceList>
      {editing && (
        <RoleDialog
          key={editing.role?.id ?? 'new'}
          role={editing.role ?? undefined}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  )
}
