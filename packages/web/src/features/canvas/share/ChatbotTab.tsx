import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import ChatbotPreview from './ChatbotPreview'
import type { ConfigForm } from './configForm'
import ListField from './ListField'
import type { ConfigTabProps } from './useConfigForm'

const COLORS: { field: keyof ConfigForm; label: string }[] = [
  { field: 'botBackground', label: 'Bot message' },
  { field: 'botText', label: 'Bot text' },
  { field: 'userBackground', label: 'User message' },
  { field: 'userText', label: 'User text' },
  { field: 'sendButtonColor', label: 'Send button' },
]

/** Title, welcome message, colours and starter prompts, beside a preview of the chat. */
export default function ChatbotTab({ form, update, flowName }: ConfigTabProps & { flowName: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 300px' } }}>
      <Stack spacing={2.5}>
        <TextField
          label="Title"
          value={form.title}
          placeholder={flowName}
          onChange={(event) => update({ title: event.target.value })}
          size="small"
        />
        <TextField
          label="Welcome message"
          value={form.welcomeMessage}
          placeholder="Hi there! How can I help?"
          onChange={(event) => update({ welcomeMessage: event.target.value })}
          size="small"
          multiline
          minRows={2}
        />
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
            Colours
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))' }}>
            {COLORS.map(({ field, label }) => (
              <TextField
                key={field}
                label={label}
                type="color"
                value={form[field] as string}
                onChange={(event) => update({ [field]: event.target.value })}
                size="small"
              />
            ))}
          </Box>
        </Box>
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
            Starter prompts
          </Typography>
          <ListField
            itemLabel="Starter prompt"
            values={form.starterPrompts}
            placeholder="What can you do?"
            onChange={(starterPrompts) => update({ starterPrompts })}
          />
        </Box>
      </Stack>
      <ChatbotPreview form={form} flowName={flowName} />
    </Box>
  )
}
