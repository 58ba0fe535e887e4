import DeleteSweep from '@mui/icons-material/DeleteSweepOutlined'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import type { ChatbotConfig } from '@weft/core'
import { useMemo } from 'react'
import { useConfirm } from '../../components/confirm/useConfirm'
import type { ChatAppearance } from '../chat/chatAppearance'
import ChatConversation from '../chat/ChatConversation'
import { useChatSession } from '../chat/useChatSession'

/** A public flow's chatbot, dressed in its configuration, kept in this browser under `<flowId>_EXTERNAL`. */
export default function Chatbot({ flowId, config }: { flowId: string; config: ChatbotConfig }) {
  const session = useChatSession(flowId, 'EXTERNAL')
  const confirm = useConfirm()
  const title = config.title || 'Chatbot'
  const appearance = useMemo<ChatAppearance>(
    () => ({
      botMessage: config.botMessage,
      userMessage: config.userMessage,
      textInput: config.textInput,
      fontSize: config.fontSize,
      errorMessage: config.errorMessage,
    }),
    [config],
  )

  async function clear() {
    const confirmed = await confirm({
      title: 'Clear this chat?',
      description: 'A new conversation starts.',
      confirmButtonName: 'Clear',
    })
    if (confirmed) await session.clear()
  }

  return (
    <Paper
      elevation={2}
      sx={{
        width: '100%',
        height: 'calc(100vh - 88px)',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        bgcolor: config.backgroundColor,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1.25,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {config.titleAvatarSrc && <Avatar src={config.titleAvatarSrc} alt="" sx={{ width: 32, height: 32 }} />}
        <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Tooltip title="Clear chat">
          <IconButton size="small" aria-label="Clear chat" onClick={() => void clear()}>
            <DeleteSweep fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <ChatConversation session={session} config={config} appearance={appearance} autoFocus />
    </Paper>
  )
}
