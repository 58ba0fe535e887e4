import DeleteSweep from '@mui/icons-material/DeleteSweep'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import ChatConversation from '../chat/ChatConversation'
import { useChatSession } from '../chat/useChatSession'
import { useClearChat } from '../chat/useClearChat'

const NO_PROMPTS: readonly string[] = []

/** The assistant's chat beside its form: the saved assistant answers, as in the canvas's chat. */
export default function AssistantChat({ flowId, name }: { flowId: string; name: string }) {
  const session = useChatSession(flowId, 'INTERNAL')
  const clear = useClearChat(session)
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`Chat with ${name}`}
      sx={{ display: 'flex', flexDirection: 'column', height: { xs: 520, md: 'calc(100vh - 200px)' }, minHeight: 420 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', pl: 2, pr: 1, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h2" noWrap sx={{ flexGrow: 1, fontWeight: 600 }}>
          Chat with {name}
        </Typography>
        <Tooltip title="Clear chat">
          <IconButton size="small" aria-label="Clear chat" onClick={() => void clear()}>
            <DeleteSweep fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <ChatConversation
        session={session}
        settings={{ welcomeMessage: `Ask ${name} a question.`, starterPrompts: NO_PROMPTS }}
      />
    </Paper>
  )
}
