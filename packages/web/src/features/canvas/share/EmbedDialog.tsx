import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import type { ChatbotConfig, Flow } from '@weft/core'
import { useId, useState } from 'react'
import CodeBlock from './CodeBlock'
import { parseConfig } from './configForm'
import { buildEmbedSnippet, EMBED_KINDS, type EmbedKind } from './embedSnippets'

const HINTS: Record<EmbedKind, string> = {
  popup: 'Paste before </body>: a chat bubble opens the conversation in a window.',
  fullPage: 'The chat fills the weft-fullchatbot element; give it the height it should take.',
  react: 'A component that loads the widget from this server and shows the chat in its box.',
}

/** Code that puts the flow's chat on another website: a script tag (bubble or full page) or a React component. */
export default function EmbedDialog({ record, onClose }: { record: Flow; onClose: () => void }) {
  const titleId = useId()
  const [kind, setKind] = useState<EmbedKind>('popup')
  const origins = parseConfig<ChatbotConfig>(record.chatbotConfig).allowedOrigins ?? []
  const label = EMBED_KINDS.find((item) => item.kind === kind)!.label

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Embed {record.name} in a website</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {record.isPublic ? (
            <Alert severity="info">
              {origins.length > 0
                ? `Only these sites may use the chat: ${origins.join(', ')}.`
                : 'Any site may use the chat. List your sites in Configuration → Security → Allowed origins to keep others out.'}
            </Alert>
          ) : (
            <Alert severity="warning">
              The widget talks to the flow without signing in, so it answers only once the flow is public (Configuration
              → Security), from the sites listed in Allowed origins (or any site when the list is empty).
            </Alert>
          )}
          <Tabs value={kind} onChange={(_, value: EmbedKind) => setKind(value)} aria-label="Embed as">
            {EMBED_KINDS.map((item) => (
              <Tab key={item.kind} value={item.kind} label={item.label} />
            ))}
          </Tabs>
          <Typography variant="body2" color="text.secondary">
            {HINTS[kind]}
          </Typography>
          <CodeBlock code={buildEmbedSnippet(kind, window.location.origin, record.id)} label={`${label} code`} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}
