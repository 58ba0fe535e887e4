import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined'
import Avatar from '@mui/material/Avatar'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { Assistant } from '@weft/core'
import dayjs from 'dayjs'
import HoverCard from '../flows/HoverCard'
import StretchedLink from '../flows/StretchedLink'
import { formOfAssistant } from './providerForm'

const TOOL_LABELS: Record<string, string> = { code_interpreter: 'Code Interpreter', file_search: 'File Search' }

/** One saved OpenAI or Azure assistant; the card opens its dialog at `to`. */
export default function ProviderAssistantCard({ assistant, to }: { assistant: Assistant; to: string }) {
  const form = formOfAssistant(assistant)
  return (
    <HoverCard>
      <Stack direction="row" spacing={1.5} alignItems="center">
        <Avatar src={assistant.iconSrc ?? undefined} alt="" variant="rounded" sx={{ bgcolor: 'action.selected' }}>
          <SmartToyOutlined color="primary" />
        </Avatar>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          <StretchedLink to={to}>{form.name || 'Untitled assistant'}</StretchedLink>
        </Typography>
      </Stack>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{
          flexGrow: 1,
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {form.description || form.instructions || 'No instructions yet.'}
      </Typography>
      <Stack direction="row" spacing={0.75} useFlexGap flexWrap="wrap" alignItems="center">
        <Chip size="small" variant="outlined" label={form.model || 'No model'} />
        {form.tools.map((tool) => (
          <Chip key={tool} size="small" label={TOOL_LABELS[tool] ?? tool} />
        ))}
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
          {dayjs(assistant.updatedDate).format('D MMM YYYY')}
        </Typography>
      </Stack>
    </HoverCard>
  )
}
