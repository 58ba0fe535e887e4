import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import MenuItem from '@mui/material/MenuItem'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { errorMessage, type InviteOptions } from '@weft/core'
import { useId, useState } from 'react'
import { getInviteOptions, type NewInvitation } from '../../api/organizationUsers'
import FormField from '../../components/form/FormField'
import { useForm } from '../../components/form/useForm'
import { emailRules } from '../../components/form/validators'

interface InviteDialogProps {
  /** Sends the invitation; a thrown error (an address already a member) is shown in the form. The caller closes the dialog. */
  onSubmit: (invitation: NewInvitation) => Promise<void>
  onClose: () => void
}

interface PickProps {
  label: string
  value: string
  onChange: (value: string) => void
  options: { id: string; name: string; hint?: string }[]
  helperText: string
  error?: string | undefined
}

/** A labelled select, laid out like FormField. */
function Pick({ label, value, onChange, options, helperText, error }: PickProps) {
  const id = useId()
  return (
    <Box>
      <Typography component="label" htmlFor={id} variant="subtitle2" sx={{ display: 'block', mb: 0.75 }}>
        {label}
      </Typography>
      <TextField
        select
        fullWidth
        size="small"
        id={id}
        value={options.some((o) => o.id === value) ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        error={error !== undefined}
        helperText={error ?? helperText}
        slotProps={{ select: { inputProps: { id, 'aria-label': label } } }}
      >
        {options.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {option.name}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  )
}

function InviteForm({ options, onSubmit, onClose }: InviteDialogProps & { options: InviteOptions }) {
  const firstWorkspace = options.workspaces.find((w) => w.id === options.activeWorkspaceId) ?? options.workspaces[0]
  const [workspaceId, setWorkspaceId] = useState(firstWorkspace?.id ?? '')
  const [roleId, setRoleId] = useState(options.defaultRoleId ?? options.roles[0]?.id ?? '')
  const [tried, setTried] = useState(false)
  const form = useForm({
    initial: { email: '', name: '' },
    rules: { email: emailRules },
    onSubmit: async ({ email, name }) => {
      if (!workspaceId || !roleId) return
      await onSubmit({ email: email.trim(), workspaceId, roleId, ...(name.trim() ? { name: name.trim() } : {}) })
    },
  })
  const role = options.roles.find((r) => r.id === roleId)
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        setTried(true)
        void form.handleSubmit(event)
      }}
    >
      <DialogContent>
        <Stack spacing={2.25} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            They get an e-mail with a link to set their name and password. The link works for 7 days.
          </Typography>
          <FormField {...form.field('email')} label="Email" type="email" autoFocus />
          <FormField
            {...form.field('name')}
            label="Name (optional)"
            helperText="They can change it when they register."
          />
          <Pick
            label="Workspace"
            value={workspaceId}
            onChange={setWorkspaceId}
            options={options.workspaces}
            helperText="Where they land after signing in."
            error={tried && !workspaceId ? 'Workspace is required' : undefined}
          />
          <Pick
            label="Role"
            value={roleId}
            onChange={setRoleId}
            options={options.roles.map((r) => ({ id: r.id, name: r.builtIn ? r.name : `${r.name} (custom)` }))}
            helperText={role?.description || 'What they may do in that workspace.'}
            error={tried && !roleId ? 'Role is required' : undefined}
          />
          {form.formError && <Alert severity="error">{form.formError}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={form.submitting}>
          Send invitation
        </Button>
      </DialogActions>
    </Box>
  )
}

/** Invites someone by e-mail into a workspace with a role. */
export default function InviteDialog({ onSubmit, onClose }: InviteDialogProps) {
  const titleId = useId()
  const options = useQuery({ queryKey: ['invite-options'], queryFn: getInviteOptions })
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Invite User</DialogTitle>
      {options.data ? (
        <InviteForm options={options.data} onSubmit={onSubmit} onClose={onClose} />
      ) : (
        <>
          <DialogContent>
            {options.error ? (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => void options.refetch()}>
                    Retry
                  </Button>
                }
              >
                Could not load the workspaces and roles: {errorMessage(options.error)}
              </Alert>
            ) : (
              <Stack spacing={2} aria-label="Loading workspaces and roles" sx={{ pt: 1 }}>
                <Skeleton variant="rounded" height={40} />
                <Skeleton variant="rounded" height={40} />
                <Skeleton variant="rounded" height={40} />
              </Stack>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} color="inherit">
              Cancel
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  )
}
