import Add from '@mui/icons-material/Add'
import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined'
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Stack from '@mui/material/Stack'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { detailsOfProviderAssistant, PROVIDER_LABELS, type Assistant, type ProviderAssistantType } from '@weft/core'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { deleteAssistant, listAssistants } from '../../api/assistants'
import EmptyState from '../../components/EmptyState'
import PageHeader from '../../components/PageHeader'
import { notify } from '../../components/notifications/notify'
import CardGrid from '../flows/CardGrid'
import FlowSkeletons from '../flows/FlowSkeletons'
import LoadError from '../flows/LoadError'
import { useCan } from '../flows/useCan'
import DeleteAssistantDialog from './DeleteAssistantDialog'
import LoadAssistantDialog from './LoadAssistantDialog'
import ProviderAssistantCard from './ProviderAssistantCard'
import ProviderAssistantDialog from './ProviderAssistantDialog'
import { emptyForm, formOfAssistant, formOfDetails, type ProviderAssistantForm } from './providerForm'

/** `?provider=azure` keeps the page on Azure; `id` names the assistant whose dialog is open. */
function pageQuery(type: ProviderAssistantType, id?: string): string {
  const query = new URLSearchParams()
  if (type === 'AZURE') query.set('provider', 'azure')
  if (id) query.set('id', id)
  return `?${query.toString()}`
}

/** /assistants/openai (and ?provider=azure): the workspace's assistants kept at OpenAI or Azure OpenAI. */
export default function OpenAIAssistantsPage() {
  const [params, setParams] = useSearchParams()
  const queryClient = useQueryClient()
  const type: ProviderAssistantType = params.get('provider') === 'azure' ? 'AZURE' : 'OPENAI'
  const provider = PROVIDER_LABELS[type]
  const canCreate = useCan('assistants:create')
  const canUpdate = useCan('assistants:update')
  const canDelete = useCan('assistants:delete')
  const list = useQuery({ queryKey: ['assistants', type], queryFn: () => listAssistants(type) })
  const [adding, setAdding] = useState<ProviderAssistantForm>()
  const [loading, setLoading] = useState(false)
  const [deleting, setDeleting] = useState<Assistant>()
  const openId = params.get('id')
  const opened = openId ? list.data?.find((assistant) => assistant.id === openId) : undefined

  const show = (id?: string) => setParams(new URLSearchParams(pageQuery(type, id)))
  const closeDialog = () => {
    setAdding(undefined)
    show()
  }
  const saved = (assistant: Assistant) => {
    queryClient.setQueryData<Assistant[]>(['assistants', type], (old = []) => [
      assistant,
      ...old.filter((item) => item.id !== assistant.id),
    ])
    void queryClient.invalidateQueries({ queryKey: ['assistants'] })
    notify('Assistant saved', 'success')
    setAdding(undefined)
    show(assistant.id)
  }
  const remove = async (assistant: Assistant, alsoAtProvider: boolean) => {
    await deleteAssistant(assistant.id, alsoAtProvider)
    queryClient.setQueryData<Assistant[]>(['assistants', type], (old = []) =>
      old.filter((item) => item.id !== assistant.id),
    )
    void queryClient.invalidateQueries({ queryKey: ['assistants'] })
    notify(alsoAtProvider ? `Assistant deleted here and at ${provider}` : 'Assistant deleted', 'success')
    setDeleting(undefined)
    show()
  }

  const actions = canCreate && (
    <Stack direction="row" spacing={1}>
      <Button variant="outlined" startIcon={<CloudDownloadOutlined />} onClick={() => setLoading(true)}>
        Load
      </Button>
      <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(emptyForm())}>
        Add
      </Button>
    </Stack>
  )

  let body
  if (list.isPending) body = <FlowSkeletons label="Loading assistants" />
  else if (list.isError) body = <LoadError what="assistants" error={list.error} onRetry={() => void list.refetch()} />
  else if (list.data.length === 0)
    body = (
      <Card sx={{ borderStyle: 'dashed' }}>
        <EmptyState
          icon={SmartToyOutlined}
          title={`No ${provider} assistants yet`}
          description={`Add one, or load one that already exists at ${provider}, with a credential of this workspace.`}
        >
          {actions}
        </EmptyState>
      </Card>
    )
  else
    body = (
      <CardGrid label={`${provider} assistants`}>
        {list.data.map((assistant) => (
          <ProviderAssistantCard key={assistant.id} assistant={assistant} to={pageQuery(type, assistant.id)} />
        ))}
      </CardGrid>
    )

  const dialogAssistant = adding ? undefined : opened
  return (
    <>
      <PageHeader
        title={`${provider} Assistants`}
        description={`Assistants kept in ${provider}'s Assistants API, with their files and vector stores.`}
      >
        {list.data && list.data.length > 0 && actions}
      </PageHeader>
      {body}
      {(adding || dialogAssistant) && (
        <ProviderAssistantDialog
          key={dialogAssistant?.id ?? 'new'}
          type={type}
          assistant={dialogAssistant}
          initial={dialogAssistant ? formOfAssistant(dialogAssistant) : adding!}
          readOnly={dialogAssistant ? !canUpdate : !canCreate}
          onDelete={canDelete && dialogAssistant ? () => setDeleting(dialogAssistant) : undefined}
          onSaved={saved}
          onClose={closeDialog}
        />
      )}
      {loading && (
        <LoadAssistantDialog
          type={type}
          onClose={() => setLoading(false)}
          onLoad={(assistant, credential) => {
            setLoading(false)
            setAdding(formOfDetails(detailsOfProviderAssistant(assistant), { credential }))
          }}
        />
      )}
      {deleting && (
        <DeleteAssistantDialog
          name={formOfAssistant(deleting).name || 'this assistant'}
          provider={provider}
          onDelete={(alsoAtProvider) => remove(deleting, alsoAtProvider)}
          onClose={() => setDeleting(undefined)}
        />
      )}
    </>
  )
}
