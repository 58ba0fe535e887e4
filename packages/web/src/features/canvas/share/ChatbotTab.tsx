import Box from '@mui/material/Box'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { CHATBOT_DEFAULTS, CHATBOT_FONT_SIZES, type Flow } from '@weft/core'
import ChatbotPreview from './ChatbotPreview'
import type { ConfigForm } from './configForm'
import ListField from './ListField'
import type { ConfigTabProps } from './useConfigForm'

const COLORS: { field: keyof ConfigForm; label: string }[] = [
  { field: 'backgroundColor', label: 'Background' },
  { field: 'botBackground', label: 'Bot message' },
  { field: 'botText', label: 'Bot text' },
  { field: 'userBackground', label: 'User message' },
  { field: 'userText', label: 'User text' },
  { field: 'sendButtonColor', label: 'Send button' },
  { field: 'poweredByTextColor', label: 'Footer text colour' },
]

const TEXTS: { field: keyof ConfigForm; label: string; placeholder: string }[] = [
  { field: 'placeholder', label: 'Placeholder', placeholder: CHATBOT_DEFAULTS.placeholder },
  { field: 'footerText', label: 'Footer text', placeholder: CHATBOT_DEFAULTS.footerText },
]

const SWITCHES: { field: 'feedbackOn' | 'followUpPromptsOn'; label: string; hint: string }[] = [
  { field: 'feedbackOn', label: 'Feedback buttons', hint: 'Thumbs up and down under each answer.' },
  {
    field: 'followUpPromptsOn',
    label: 'Follow-up prompts',
    hint: 'After each answer, the flow’s chat model suggests three questions to ask next.',
  },
]

/** How the chatbot looks and what it offers, beside a preview that is the chatbot page itself. */
export default function ChatbotTab({ form, update, errors, record }: ConfigTabProps & { record: Flow }) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 340px' } }}>
      <Stack spacing={2.5}>
        <TextField
          label="Title"
          value={form.title}
          placeholder={record.name}
          onChange={(event) => update({ title: event.target.value })}
          size="small"
        />
        <TextField
          label="Title avatar URL"
          value={form.titleAvatarSrc}
          placeholder="https://example.com/logo.png"
          onChange={(event) => update({ titleAvatarSrc: event.target.value })}
          error={Boolean(errors.titleAvatarSrc)}
          helperText={errors.titleAvatarSrc}
          size="small"
        />
        <TextField
          label="Welcome message"
          value={form.welcomeMessage}
          placeholder={CHATBOT_DEFAULTS.welcomeMessage}
          onChange={(event) => update({ welcomeMessage: event.target.value })}
          size="small"
          multiline
          minRows={2}
        />
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
            Colours and text
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
          <Box sx={{ display: 'grid', gap: 1.5, mt: 2, gridTemplateColumns: { xs: '1fr', sm: '120px 1fr 1fr' } }}>
            <TextField
              label="Font size"
              value={form.fontSize}
              placeholder={String(CHATBOT_DEFAULTS.fontSize)}
              onChange={(event) => update({ fontSize: event.target.value })}
              error={Boolean(errors.fontSize)}
              helperText={errors.fontSize}
              size="small"
              slotProps={{
                htmlInput: { inputMode: 'numeric', min: CHATBOT_FONT_SIZES.min, max: CHATBOT_FONT_SIZES.max },
              }}
            />
            {TEXTS.map(({ field, label, placeholder }) => (
              <TextField
                key={field}
                label={label}
                value={form[field] as string}
                placeholder={placeholder}
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
        <Stack spacing={1}>
          {SWITCHES.map(({ field, label, hint }) => (
            <Box key={field}>
              <FormControlLabel
                control={<Switch checked={form[field]} onChange={(_, checked) => update({ [field]: checked })} />}
                label={label}
              />
              <Typography variant="body2" color="text.secondary" sx={{ ml: 6, mt: -0.5 }}>
                {hint}
              </Typography>
            </Box>
          ))}
        </Stack>
      </Stack>
      <ChatbotPreview form={form} record={record} />
    </Box>
  )
}
