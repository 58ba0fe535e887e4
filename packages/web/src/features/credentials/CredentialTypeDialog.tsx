import Key from '@mui/icons-material/KeyOutlined'
import Alert from '@mui/material/Alert'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import List from '@mui/material/List'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import { errorMessage, type CredentialDescriptor } from '@weft/core'
import { useId, useMemo, useState } from 'react'
import SearchField from '../flows/SearchField'
import { matchesText } from '../../components/list/matchesText'

interface CredentialTypeDialogProps {
  types: CredentialDescriptor[]
  isPending: boolean
  error: Error | null
  onRetry: () => void
  onChoose: (type: CredentialDescriptor) => void
  onClose: () => void
}

/** The first step of adding a credential: which service it is for. */
export default function CredentialTypeDialog({
  types,
  isPending,
  error,
  onRetry,
  onChoose,
  onClose,
}: CredentialTypeDialogProps) {
  const titleId = useId()
  const [search, setSearch] = useState('')
  const shown = useMemo(
    () => types.filter((type) => matchesText([type.label, type.name, type.description], search)),
    [types, search],
  )
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Add Credential</DialogTitle>
      <DialogContent sx={{ minHeight: 320 }}>
        <Box sx={{ display: 'flex', pt: 1, pb: 1.5 }}>
          <SearchField
            value={search}
            onChange={setSearch}
            label="Search credential types"
            placeholder="OpenAI, Postgres…"
          />
        </Box>
        {isPending ? (
          [0, 1, 2].map((row) => <Skeleton key={row} variant="rounded" height={56} sx={{ mb: 1 }} />)
        ) : error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={onRetry}>
                Retry
              </Button>
            }
          >
            Could not load credential types: {errorMessage(error)}
          </Alert>
        ) : shown.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {search.trim() ? `No credential type matches “${search.trim()}”.` : 'No credential types are available.'}
          </Typography>
        ) : (
          <List aria-label="Credential types" disablePadding>
            {shown.map((type) => (
              <ListItemButton key={type.name} onClick={() => onChoose(type)} sx={{ borderRadius: 1 }}>
                <ListItemAvatar>
                  <Avatar variant="rounded" sx={{ bgcolor: 'action.selected', color: 'primary.main' }}>
                    <Key fontSize="small" />
                  </Avatar>
                </ListItemAvatar>
                <ListItemText primary={type.label} secondary={type.description} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  )
}
