import FormHelperText from '@mui/material/FormHelperText'
import Link from '@mui/material/Link'
import MenuItem from '@mui/material/MenuItem'
import Select from '@mui/material/Select'
import { Link as RouterLink, useInRouterContext } from 'react-router'
import FieldShell from './FieldShell'
import type { InputFieldProps } from './types'
import { useCredentials } from './useCredentials'
import { toText } from './values'

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

/** The credential picker: the saved credentials of the types this node accepts. */
export default function CredentialInput({ param, value, onChange, disabled }: InputFieldProps) {
  const credentials = useCredentials(param.credentialNames ?? [])
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
        onChange={(event) => onChange(event.target.value)}
      >
        {list.map((credential) => (
          <MenuItem key={credential.id} value={credential.id} sx={{ fontSize: 13 }}>
            {credential.name}
          </MenuItem>
        ))}
      </Select>
    </FieldShell>
  )
}
