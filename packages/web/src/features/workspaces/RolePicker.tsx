import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import type { Role } from '@weft/core'

/** Roles one may hand a workspace member: every role but the owner's, which is the organization admins'. */
export const assignableRoles = (roles: Role[]) => roles.filter((role) => !(role.builtIn && role.name === 'owner'))

interface RolePickerProps {
  roles: Role[]
  value: string
  onChange: (roleId: string) => void
  /** Why no role can be picked (roles could not be read), shown under the field. */
  error?: string | undefined
}

/** Picks a role by name, its description as the hint. */
export default function RolePicker({ roles, value, onChange, error }: RolePickerProps) {
  const chosen = roles.find((role) => role.id === value)
  return (
    <TextField
      select
      fullWidth
      size="small"
      label="Role"
      value={chosen ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error ?? chosen?.description ?? ' '}
      disabled={roles.length === 0}
    >
      {roles.map((role) => (
        <MenuItem key={role.id} value={role.id}>
          {role.name}
          {!role.builtIn && ' (custom)'}
        </MenuItem>
      ))}
    </TextField>
  )
}
