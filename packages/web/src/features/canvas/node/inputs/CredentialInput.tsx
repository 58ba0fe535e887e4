import Add from '@mui/icons-material/Add'
import FormHelperText from '@mui/material/FormHelperText'
import Link from '@mui/material/Link'
import ListItemIcon from '@mui/material/ListItemIcon'
import MenuItem from '@mui/material/MenuItem'
import Select from '@mui/material/Select'
import { useState, type SyntheticEvent } from 'react'
import { Link as RouterLink, useInRouterContext } from 'react-router'
import AddCredentialDialog from '../../../credentials/AddCredentialDialog'
import { useCan } from '../../../flows/useCan'
import FieldShell from './FieldShell'
import type { InputFieldProps } from './types'
import { useCredentials } from './useCredentials'
import { toText } from './values'

/** The menu value of "Create new": not a credential id, it opens the dialog instead. */
const CREATE_NEW = '__weft_create_credential__'

// The dialog is still the node's child in React's tree: its events must not reach React Flow.
const stop = (event: SyntheticEvent) => event.stopPropagation()

function CredentialsLink() {
  // Inside the app the link keeps the single-page navigation (and its unsaved-changes guard).
  const routed = useInRouterContext()
  return routed ? (
    <Link component={RouterLink} to="/credentials">
      Credentials
    </Link>
  ) : (
    <Link href="/credentials">Credentials</Link>
  )
}

/** The credential picker: the saved credentials of the types this node accepts, or a new one. */
export default function CredentialInput({ param, value, onChange, disabled }: InputFieldProps) {
  const accepted = param.credentialNames ?? []
  const { credentials, reload } = useCredentials(accepted)
  const canCreate = useCan('credentials:create')
  const [creating, setCreating] = useState(false)
  const list = credentials ?? []
  const chosen = toText(value)
  const selected = list.some((credential) => credential.id === chosen) ? chosen : ''
  const empty = credentials !== undefined && list.length === 0
  return (
    <FieldShell
      param={param}
      helper={
        empty && (
          <FormHelperText sx={{ m: 0 }}>
            No credentials yet — add one in <CredentialsLink />
          </FormHelperText>
        )
      }
    >
      <Select
        size="small"
        fullWidth
        displayEmpty
        value={selected}
        disabled={disabled}
        inputProps={{ 'aria-label': param.label }}
        renderValue={(id) =>
          list.find((credential) => credential.id === id)?.name ?? (credentials ? 'Choose a credential' : 'Loading…')
        }
        sx={{ fontSize: 13, color: selected ? 'text.primary' : 'text.secondary' }}
        onChange={(event) => {
          if (event.target.value === CREATE_NEW) setCreating(true)
          else onChange(event.target.value)
        }}
      >
        {list.map((credential) => (
          <MenuItem key={credential.id} value={credential.id} sx={{ fontSize: 13 }}>
            {credential.name}
          </MenuItem>
        ))}
        {canCreate && (
          <MenuItem
            value={CREATE_NEW}
            sx={{ fontSize: 13, color: 'primary.main', borderTop: list.length > 0 ? 1 : 0, borderColor: 'divider' }}
          >
            <ListItemIcon sx={{ color: 'inherit', minWidth: 28 }}>
              <Add fontSize="small" />
            </ListItemIcon>
            Create new
          </MenuItem>
        )}
      </Select>
      {creating && (
        <span onKeyDown={stop} onClick={stop} onDoubleClick={stop} onContextMenu={stop} onPointerDown={stop}>
          <AddCredentialDialog
            allowedTypes={accepted.length > 0 ? accepted : undefined}
            onClose={() => setCreating(false)}
            onCreated={async (credential) => {
              setCreating(false)
              await reload()
              onChange(credential.id)
            }}
          />
        </span>
      )}
    </FieldShell>
  )
}
