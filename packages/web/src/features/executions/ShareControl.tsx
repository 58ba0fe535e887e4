import ContentCopy from '@mui/icons-material/ContentCopy'
import OpenInNew from '@mui/icons-material/OpenInNew'
import FormControlLabel from '@mui/material/FormControlLabel'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import type { Execution } from '@weft/core'
import { useState, type FocusEvent } from 'react'
import { copyText } from '../../components/copyText'

export const publicLinkOf = (id: string) => `${window.location.origin}/execution/${encodeURIComponent(id)}`

interface ShareControlProps {
  execution: Execution
  onShare: (execution: Execution, isPublic: boolean) => Promise<void>
}

/** Shares an execution read-only with anyone who has its link, and gives that link. */
export default function ShareControl({ execution, onShare }: ShareControlProps) {
  const [busy, setBusy] = useState(false)
  const link = publicLinkOf(execution.id)
  return (
    <Stack spacing={1} alignItems={{ xs: 'stretch', md: 'flex-end' }}>
      <FormControlLabel
        sx={{ mr: 0 }}
        label="Share publicly"
        control={
          <Switch
            checked={execution.isPublic}
            disabled={busy}
            onChange={(event) => {
              setBusy(true)
              void onShare(execution, event.target.checked).finally(() => setBusy(false))
            }}
          />
        }
      />
      {execution.isPublic && (
        <TextField
          size="small"
          label="Public link"
          value={link}
          sx={{ width: { xs: '100%', md: 380 } }}
          slotProps={{
            htmlInput: { readOnly: true, onFocus: (event: FocusEvent<HTMLInputElement>) => event.target.select() },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title="Copy">
                    <IconButton
                      size="small"
                      aria-label="Copy public link"
                      onClick={() => void copyText(link, 'Link copied')}
                    >
                      <ContentCopy fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Open">
                    <IconButton
                      size="small"
                      aria-label="Open public page"
                      href={link}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      <OpenInNew fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    </Stack>
  )
}
