import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { API_KEY_PERMISSION_GROUPS, refusedKeyPermission, type ApiKeyPermissionGroup } from '@weft/core'
import { useId } from 'react'
import { useAccessContext } from '../../store/useAccessContext'

interface PermissionPickerProps {
  chosen: ReadonlySet<string>
  onChange: (next: ReadonlySet<string>) => void
}

const NOT_HELD = 'You do not hold this permission, so you cannot give it to a key.'

function GroupRow({
  group,
  chosen,
  mayGive,
  onChange,
}: PermissionPickerProps & { group: ApiKeyPermissionGroup; mayGive: (id: string) => boolean }) {
  const labelId = useId()
  const givable = group.permissions.filter((p) => mayGive(p.id))
  const count = group.permissions.filter((p) => chosen.has(p.id)).length
  const setAll = (on: boolean) => {
    const next = new Set(chosen)
    for (const p of givable) {
      if (on) next.add(p.id)
      else next.delete(p.id)
    }
    onChange(next)
  }
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen)
    if (on) next.add(id)
    else next.delete(id)
    onChange(next)
  }
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '150px 1fr' },
        alignItems: 'start',
        px: 1,
        py: 0.25,
      }}
    >
      <FormControlLabel
        sx={{ m: 0 }}
        control={
          <Checkbox
            size="small"
            sx={{ p: 0.5, mr: 0.5 }}
            checked={count > 0 && count === group.permissions.length}
            indeterminate={count > 0 && count < group.permissions.length}
            disabled={givable.length === 0}
            onChange={(event) => setAll(event.target.checked)}
            slotProps={{ input: { 'aria-label': `All ${group.label} permissions` } }}
          />
        }
        label={
          <Typography id={labelId} variant="body2" fontWeight={500}>
            {group.label}
          </Typography>
        }
      />
      {/* The group's permissions wrap under each other, beside the group on wide screens and under it on phones. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, pl: { xs: 3.5, sm: 0 } }}>
        {group.permissions.map((p) => (
          <FormControlLabel
            key={p.id}
            sx={{ m: 0 }}
            title={mayGive(p.id) ? p.id : NOT_HELD}
            control={
              <Checkbox
                size="small"
                sx={{ p: 0.5 }}
                checked={chosen.has(p.id)}
                disabled={!mayGive(p.id)}
                onChange={(event) => toggle(p.id, event.target.checked)}
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
 * What a key may do on the management API (Flowise's `permissions`), grouped by what it touches.
 * The server refuses a permission the user does not hold, so those are shown but cannot be chosen.
 */
export default function PermissionPicker({ chosen, onChange }: PermissionPickerProps) {
  const labelId = useId()
  const access = useAccessContext()
  const mayGive = (id: string) => access !== undefined && refusedKeyPermission(access, [id]) === undefined
  return (
    <Box>
      <Typography id={labelId} component="div" variant="subtitle2" sx={{ mb: 0.25 }}>
        Permissions
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        What programs with this key may do in this workspace, such as listing flows or reading chat messages. With none
        chosen, the key only calls the flows below.
      </Typography>
      <Stack
        role="group"
        aria-labelledby={labelId}
        sx={{ maxHeight: 260, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, py: 0.5 }}
      >
        {API_KEY_PERMISSION_GROUPS.map((group) => (
          <GroupRow key={group.label} group={group} chosen={chosen} mayGive={mayGive} onChange={onChange} />
        ))}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {chosen.size === 0 ? 'No permissions chosen' : `${chosen.size} permissions chosen`}
      </Typography>
    </Box>
  )
}
