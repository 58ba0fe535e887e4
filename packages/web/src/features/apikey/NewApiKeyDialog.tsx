import ContentCopy from '@mui/icons-material/ContentCopyOutlined'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { CreatedApiKey } from '@weft/core'
import { useId } from 'react'
import { copyText } from '../../components/copyText'

/**
 * The one time a new key is shown in full. A click beside the dialog does not close it, so the key
 * is not lost by accident; Escape and Done do.
 */
export default function NewApiKeyDialog({ apiKey, onClose }: { apiKey: CreatedApiKey; onClose: () => void }) {
  const titleId = useId()
  return (
    <Dialog
      open
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose()
      }}
    >
      <DialogTitle id={titleId}>API key {apiKey.keyName} created</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">Copy this key now. You will not be able to see it again.</Alert>
          <Stack direction="row" spacing={1} alignItems="stretch">
            <Box
              component="output"
              aria-label="New API key"
              sx={{
                flexGrow: 1,
                px: 1.5,
                py: 1,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'action.hover',
                fontFamily: 'monospace',
                fontSize: 14,
                overflowWrap: 'anywhere',
                userSelect: 'all',
              }}
            >
              {apiKey.apiKey}
            </Box>
            <Button
              variant="contained"
              startIcon={<ContentCopy />}
              onClick={() => void copyText(apiKey.apiKey, 'API key copied')}
            >
              Copy
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Programs send it as <code>Authorization: Bearer &lt;key&gt;</code> when they call a flow.{' '}
            {apiKey.chatFlows.length > 0
              ? `It lets them call ${apiKey.chatFlows.map((flow) => flow.name).join(', ')}.`
              : 'It is bound to no flow yet: edit the key to choose its flows, or pick it in a flow’s Configuration → API key.'}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="outlined" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  )
}
