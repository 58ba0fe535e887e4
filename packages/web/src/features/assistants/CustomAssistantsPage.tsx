import Add from '@mui/icons-material/Add'
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { createAssistant, listAssistants } from '../../api/assistants'
import EmptyState from '../../components/EmptyState'
import PageHeader from '../../components/PageHeader'
import NameDialog from '../../components/form/NameDialog'
import { required } from '../../components/form/validators'
import CardGrid from '../flows/CardGrid'
import FlowSkeletons from '../flows/FlowSkeletons'
import HoverCard from '../flows/HoverCard'
import LoadError from '../flows/LoadError'
import StretchedLink from '../flows/StretchedLink'
import { useCan } from '../flows/useCan'
import { readDetails } from './customDetails'

/** /assistants/custom: the workspace's custom assistants, and a new one from a name. */
export default function CustomAssistantsPage() {
  const navigate = useNavigate()
  const canCreate = useCan('assistants:create')
  const [adding, setAdding] = useState(false)
  const list = useQuery({ queryKey: ['assistants', 'CUSTOM'], queryFn: () => listAssistants('CUSTOM') })

  const add = async (name: string) => {
    const created = await createAssistant({ type: 'CUSTOM', details: JSON.stringify({ name }) })
    setAdding(false)
    void navigate(`/assistants/custom/${encodeURIComponent(created.id)}`)
  }

  const addButton = canCreate && (
    <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
      Add
    </Button>
  )

  let body
  if (list.isPending) body = <FlowSkeletons label="Loading assistants" />
  else if (list.isError) body = <LoadError what="assistants" error={list.error} onRetry={() => void list.refetch()} />
  else if (list.data.length === 0)
    body = (
      <Card sx={{ borderStyle: 'dashed' }}>
        <EmptyState
          icon={AutoAwesomeOutlined}
          title="No custom assistants yet"
          description="Name one, then choose its model, instructions, tools and knowledge."
        >
          {addButton}
        </EmptyState>
      </Card>
    )
  else
    body = (
      <CardGrid label="Custom assistants">
        {list.data.map((assistant) => {
          const details = readDetails(assistant)
          return (
            <HoverCard key={assistant.id}>
              <Stack spacing={0.5} sx={{ flexGrow: 1 }}>
                <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                  <StretchedLink to={`/assistants/custom/${encodeURIComponent(assistant.id)}`}>{details.name}</StretchedLink>
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                  {details.instruction || 'No instructions yet.'}
                </Typography>
              </Stack>
              <Stack direction="row" spacing={0.75} useFlexGap flexWrap="wrap" alignItems="center">
                <Chip size="small" variant="outlined" label={details.chatModel ? details.chatModel.name : 'No model yet'} />
                {details.tools.length > 0 && <Chip size="small" label={`${details.tools.length} tools`} />}
                {details.documentStores.length > 0 && (
                  <Chip size="small" label={`${details.documentStores.length} document stores`} />
                )}
                <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
                  {dayjs(assistant.updatedDate).format('D MMM YYYY')}
                </Typography>
              </Stack>
            </HoverCard>
          )
        })}
      </CardGrid>
    )

  return (
    <>
      <PageHeader title="Custom Assistants" description="Assistants built here from a model, instructions, tools and knowledge.">
        {list.data && list.data.length > 0 && addButton}
      </PageHeader>
      {body}
      {adding && (
        <NameDialog
          title="Add Custom Assistant"
          submitLabel="Add"
          initialName=""
          field={{ label: 'Name', rules: [required('Name')] }}
          onSubmit={add}
          onClose={() => setAdding(false)}
        />
      )}
    </>
  )
}
