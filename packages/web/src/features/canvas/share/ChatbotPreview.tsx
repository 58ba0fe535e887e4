import SendRounded from '@mui/icons-material/SendRounded'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ConfigForm } from './configForm'

const bubble = { px: 1.5, py: 1, borderRadius: 2, maxWidth: '85%', fontSize: 13, whiteSpace: 'pre-wrap' } as const

/** How the public chatbot and the widget will look with the settings as they are now. */
export default function ChatbotPreview({ form, flowName }: { form: ConfigForm; flowName: string }) {
  const prompts = form.starterPrompts.filter((prompt) => prompt.trim() !== '')
  return (
    <Box
      role="region"
      aria-label="Chatbot preview"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', alignSelf: 'start' }}
    >
      <Typography variant="subtitle2" sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        {form.title.trim() || flowName}
      </Typography>
      <Stack spacing={1.25} sx={{ p: 2, minHeight: 200, bgcolor: '#ffffff' }}>
        <Box sx={{ ...bubble, alignSelf: 'flex-start', bgcolor: form.botBackground, color: form.botText }}>
          {form.welcomeMessage.trim() || 'Hi there! How can I help?'}
        </Box>
        <Box sx={{ ...bubble, alignSelf: 'flex-end', bgcolor: form.userBackground, color: form.userText }}>
          What can you do?
        </Box>
        {prompts.length > 0 && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, pt: 1 }}>
            {prompts.map((prompt, index) => (
              <Chip key={index} label={prompt} size="small" variant="outlined" />
            ))}
          </Stack>
        )}
      </Stack>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', px: 2, py: 1, borderTop: 1, borderColor: 'divider', bgcolor: '#ffffff' }}
      >
        <Typography variant="body2" sx={{ flex: 1, color: 'grey.500' }}>
          Type your question
        </Typography>
        <SendRounded sx={{ color: form.sendButtonColor }} />
      </Stack>
    </Box>
  )
}
