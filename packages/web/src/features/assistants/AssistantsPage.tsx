import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined'
import CloudOutlined from '@mui/icons-material/CloudOutlined'
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { SvgIconComponent } from '@mui/icons-material'
import PageHeader from '../../components/PageHeader'
import CardGrid from '../flows/CardGrid'
import HoverCard from '../flows/HoverCard'
import StretchedLink from '../flows/StretchedLink'

interface Kind {
  title: string
  description: string
  to: string
  icon: SvgIconComponent
}

const KINDS: Kind[] = [
  {
    title: 'Custom Assistant',
    description: 'Pick a model, write its instructions, give it tools and document stores, and chat with it. Runs here.',
    to: '/assistants/custom',
    icon: AutoAwesomeOutlined,
  },
  {
    title: 'OpenAI Assistant',
    description: "An assistant kept in OpenAI's Assistants API, with its files and vector stores, used with your key.",
    to: '/assistants/openai',
    icon: SmartToyOutlined,
  },
  {
    title: 'Azure Assistant',
    description: 'The same, kept in Azure OpenAI with your Azure credential.',
    to: '/assistants/openai?provider=azure',
    icon: CloudOutlined,
  },
]

/** /assistants: the kinds of assistant to make. */
export default function AssistantsPage() {
  return (
    <>
      <PageHeader title="Assistants" description="Chat assistants made from a form instead of a canvas." />
      <CardGrid label="Assistant kinds">
        {KINDS.map(({ title, description, to, icon: Icon }) => (
          <HoverCard key={title}>
            <Icon color="primary" sx={{ fontSize: 32 }} />
            <Stack spacing={0.5}>
              <Typography variant="h6" component="h2">
                <StretchedLink to={to}>{title}</StretchedLink>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {description}
              </Typography>
            </Stack>
          </HoverCard>
        ))}
      </CardGrid>
    </>
  )
}
