import Alert from '@mui/material/Alert'
import Autocomplete from '@mui/material/Autocomplete'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { errorMessage, type Role, type WorkspaceUser } from '@weft/core'
import { useId, useState, type FormEvent } from 'react'
import RolePicker from './RolePicker'

type Person = WorkspaceUser['user']

interface AddMembersDialogProps {
  workspaceName: string
  /** People of the organization not yet in this workspace. */
  candidates: Person[]
  roles: Role[]
  rolesError?: string | undefined
  /** Sends the picked people with one role; a thrown error shows in the dialog. The caller closes it. */
  onSubmit: (userIds: string[], roleId: string) => Promise<void>
  onClose: () => void
}

const personLabel = (person: Person) => (person.name ? `${person.name} (${person.email})` : person.email)

/** Adds people of the organization to a workspace, all with the chosen role (member by default). */
export default function AddMembersDialog({
  workspaceName,
  candidates,
  roles,
  rolesError,
  onSubmit,
  onClose,
}: AddMembersDialogProps) {
  const titleId = useId()
  const [picked, setPicked] = useState<Person[]>([])
  const [pickedRole, setRoleId] = useState('')
  // The built-in member role until one is picked (the roles may arrive after the dialog opens).
  const roleId = pickedRole || (roles.find((r) => r.builtIn && r.name === 'member')?.id ?? roles[0]?.id ?? '')
  const [tried, setTried] = useState(false)
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string>()
  const noPeople = tried && picked.length === 0 ? 'Choose at least one person' : undefined

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (picked.length === 0 || !roleId) return
    setSending(true)
    setFailure(undefined)
    try {
      await onSubmit(
        picked.map((person) => person.id),
        roleId,
      )
    } catch (error) {
      setFailure(errorMessage(error))
    } finally {
      setSending(false)
    }
  }

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>Add members to {workspaceName}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.25} sx={{ pt: 1 }}>
            {candidates.length === 0 ? (
              <Alert severity="info">
                Everyone in your organization is already a member. Invite new people from Users.
              </Alert>
            ) : (
              <Autocomplete
                multiple
                options={candidates}
                value={picked}
                onChange={(_event, next) => setPicked(next)}
                getOptionLabel={personLabel}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                filterSelectedOptions
                renderOption={(props, person) => {
                  const { key, ...rest } = props as typeof props & { key: string }
                  return (
                    <li key={key} {...rest}>
                      <Box>
                        <Typography variant="body2">{person.name || person.email}</Typography>
                        {person.name && (
                          <Typography variant="caption" color="text.secondary">
                            {person.email}
                          </Typography>
                        )}
                      </Box>
                    </li>
                  )
                }}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="People"
                    size="small"
                    placeholder={picked.length === 0 ? 'Search by name or email' : ''}
                    error={noPeople !== undefined}
                    helperText={noPeople ?? 'People of your organization who are not in this workspace.'}
                  />
                )}
              />
            )}
            <RolePicker roles={roles} value={roleId} onChange={setRoleId} error={rolesError} />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={sending} disabled={candidates.length === 0 || !roleId}>
            Add
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
