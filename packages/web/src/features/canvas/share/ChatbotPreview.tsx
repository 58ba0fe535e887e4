import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { chatbotView, type ChatbotConfig, type Flow } from '@weft/core'
import { useMemo } from 'react'
import ChatbotWindow from '../../chatbot/ChatbotWindow'
import { usePreviewChat } from '../../chatbot/usePreviewChat'
import { chatbotConfigOf, parseConfig, type ConfigForm } from './configForm'

/**
 * The public chatbot page with the settings as they are now: the config that saving would store,
 * read by the same rules and drawn by the same window as the page. Questions get a canned answer.
 */
export default function ChatbotPreview({ form, record }: { form: ConfigForm; record: Flow }) {
  const stored = useMemo(() => parseConfig<ChatbotConfig>(record.chatbotConfig), [record.chatbotConfig])
  const view = useMemo(() => chatbotView(chatbotConfigOf(form, stored), record.name), [form, stored, record.name])
  const { session, feedback } = usePreviewChat()
  return (
    <Box
      role="region"
      aria-label="Chatbot preview"
      sx={{ alignSelf: 'start', minWidth: 0, position: { md: 'sticky' }, top: 0 }}
    >
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.75 }}>
        Preview of the chatbot page
      </Typography>
      <ChatbotWindow
        view={view}
        session={session}
        feedback={feedback}
        onClear={() => void session.clear()}
        height={460}
        titleComponent="h2"
      />
    </Box>
  )
}
