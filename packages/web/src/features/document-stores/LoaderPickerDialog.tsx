import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import { errorMessage, type NodeDescriptor } from '@weft/core'
import { useId, useMemo, useState } from 'react'
import { matchesText } from '../../components/list/matchesText'
import NodeIcon from '../canvas/node/NodeIcon'
import SearchField from '../flows/SearchField'
import { useCatalogueNodes } from './useCatalogueNodes'

interface LoaderPickerDialogProps {
  onPick: (loader: NodeDescriptor) => void
  onClose: () => void
}

/** Lists the catalogue's document loaders to add one to a store. */
export default function LoaderPickerDialog({ onPick, onClose }: LoaderPickerDialogProps) {
  const titleId = useId()
  const catalogue = useCatalogueNodes()
  const [search, setSearch] = useState('')
  const shown = useMemo(
    () => catalogue.loaders.filter((node) => matchesText([node.label, node.description], search)),
    [catalogue.loaders, search],
  )
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Add Document Loader</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', mb: 1.5, pt: 0.5 }}>
          <SearchField value={search} onChange={setSearch} label="Search document loaders" placeholder="Search loaders" />
        </Box>
        {catalogue.isPending ? (
          <Box role="status" aria-label="Loading document loaders">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} variant="rounded" height={56} sx={{ mb: 1 }} />
            ))}
          </Box>
        ) : catalogue.error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void catalogue.refetch()}>
                Retry
              </Button>
            }
          >
            Could not load the document loaders: {errorMessage(catalogue.error)}
          </Alert>
        ) : shown.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {search ? 'No loader matches.' : 'The node catalogue has no document loaders.'}
          </Typography>
        ) : (
          <List aria-label="Document loaders" disablePadding>
            {shown.map((node) => (
              <ListItemButton
                key={node.name}
                // A loader that cannot run yet would only fail at processing time.
                disabled={Boolean(node.badge)}
                onClick={() => onPick(node)}
                sx={{ borderRadius: 1, gap: 1.5, alignItems: 'flex-start' }}
              >
                <Box sx={{ mt: 0.25 }}>
                  <NodeIcon name={node.name} color={node.color} size={36} />
                </Box>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="body2" fontWeight={500}>
                    {node.label}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {node.description}
                  </Typography>
                </Box>
                {node.badge && <Chip size="small" label={node.badge} />}
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
