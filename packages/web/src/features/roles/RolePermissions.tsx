import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import Typography from '@mui/material/Typography'
import {
  groupSelection,
  PERMISSION_COUNT,
  ROLE_PERMISSION_GROUPS,
  toggleGroup,
  togglePermission,
  type PermissionGroup,
} from '@weft/core'
import { useId } from 'react'

interface RolePermissionsProps {
  chosen: ReadonlySet<string>
  onChange: (next: ReadonlySet<string>) => void
  /** Shown, not changed: a built-in role. */
  readOnly?: boolean
  error?: string | undefined
}

function GroupCard({ group, chosen, onChange, readOnly }: RolePermissionsProps & { group: PermissionGroup }) {
  const labelId = useId()
  const selection = groupSelection(group, chosen)
  const count = group.permissions.filter((p) => chosen.has(p.id)).length
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.25, pt: 0.75, pb: 1, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <FormControlLabel
          sx={{ m: 0, flex: 1, minWidth: 0 }}
          control={
            <Checkbox
              size="small"
              sx={{ p: 0.5, mr: 0.5 }}
              checked={selection === 'all'}
              indeterminate={selection === 'some'}
              disabled={readOnly}
              onChange={() => onChange(toggleGroup(group, chosen))}
              slotProps={{ input: { 'aria-label': `All ${group.label} permissions` } }}
            />
          }
          label={
            <Typography id={labelId} variant="body2" fontWeight={600}>
              {group.label}
            </Typography>
          }
        />
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {count} / {group.permissions.length}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, pl: 3.5 }}>
        {group.permissions.map((p) => (
          <FormControlLabel
            key={p.id}
            sx={{ m: 0 }}
            title={p.id}
            control={
              <Checkbox
                size="small"
                sx={{ p: 0.5 }}
                checked={chosen.has(p.id)}
                disabled={readOnly}
                onChange={(event) => onChange(togglePermission(group, chosen, p.id, event.target.checked))}
                slotProps={{ input: { 'aria-label': `${group.label}: ${p.label}` } }}
              />
            }
            label={
              <Typography variant="body2" color="text.secondary">
                {p.label}
              </Typography>
            }
          />
        ))}
      </Box>
    </Box>
  )
}

/**
 * Every permission, grouped by area with a select-all box per group (indeterminate when some are
 * ticked), as Flowise's role dialog shows them. Ticking a change ticks its area's view too.
 */
export default function RolePermissions({ chosen, onChange, readOnly = false, error }: RolePermissionsProps) {
  const labelId = useId()
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 0.75, flexWrap: 'wrap' }}>
        <Typography id={labelId} component="div" variant="subtitle2">
          Permissions
        </Typography>
        <Typography variant="caption" color={error ? 'error' : 'text.secondary'} aria-live="polite">
          {error ?? `${chosen.size} of ${PERMISSION_COUNT} chosen`}
        </Typography>
      </Box>
      <Box
        role="group"
        aria-labelledby={labelId}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1 }}
      >
        {ROLE_PERMISSION_GROUPS.map((group) => (
          <GroupCard key={group.label} group={group} chosen={chosen} onChange={onChange} readOnly={readOnly} />
        ))}
      </Box>
    </Box>
  )
}
