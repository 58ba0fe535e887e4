import ContentCopy from '@mui/icons-material/ContentCopyOutlined'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import { copyText } from '../../components/copyText'
import { usageOf } from './variableRules'

/** `$vars.<name>` in code type, with a button that copies it. */
export default function VarUsage({ name }: { name: string }) {
  const usage = usageOf(name)
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
      <Box
        component="code"
        sx={{ fontFamily: 'monospace', fontSize: 12.5, px: 0.75, py: 0.25, borderRadius: 1, bgcolor: 'action.hover' }}
      >
        {usage}
      </Box>
      <Tooltip title="Copy">
        <IconButton size="small" aria-label={`Copy ${usage}`} onClick={() => void copyText(usage, `Copied ${usage}`)}>
          <ContentCopy sx={{ fontSize: 15 }} />
        </IconButton>
      </Tooltip>
    </Box>
  )
}
