import ContentCopy from '@mui/icons-material/ContentCopy'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import { copyText } from '../../../components/copyText'

/** Example code, selectable, with a button that copies all of it. */
export default function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        component="pre"
        aria-label={label}
        tabIndex={0}
        sx={{
          m: 0,
          p: 2,
          pr: 6,
          maxHeight: 360,
          overflow: 'auto',
          borderRadius: 1,
          bgcolor: 'grey.900',
          color: 'grey.100',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 13,
          lineHeight: 1.55,
          whiteSpace: 'pre',
        }}
      >
        <code>{code}</code>
      </Box>
      <Tooltip title="Copy">
        <IconButton
          aria-label="Copy code"
          size="small"
          onClick={() => void copyText(code)}
          sx={{ position: 'absolute', top: 8, right: 8, color: 'grey.300' }}
        >
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  )
}
