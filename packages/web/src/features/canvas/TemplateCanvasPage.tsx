import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useParams } from 'react-router'
import { ApiError } from '../../api/ApiError'
import { getCustomTemplate, getTemplate } from '../../api/marketplace'
import CanvasMessage from './CanvasMessage'
import LazyFlowCanvas from './LazyFlowCanvas'
import { canvasRouteOfKind } from './canvasRoute'
import CanvasHeaderBar from './header/CanvasHeaderBar'
import FlowTitle from './header/FlowTitle'
import { draftState } from './load/draft'
import { useNodeCatalogue } from './load/useNodeCatalogue'
import { useTemplateLoader } from './load/useTemplateLoader'
import { useCanvasStore } from './store/canvasStore'

const MARKETPLACES = '/marketplaces'

/** A built-in template, or else one the workspace saved (My Templates): both open at /marketplace/{id}. */
async function findTemplate(id: string) {
  try {
    return await getTemplate(id)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return getCustomTemplate(id)
    throw error
  }
}

const KIND_OF_TEMPLATE = {
  Chatflow: 'chatflow',
  Agentflow: 'sequential',
  AgentflowV2: 'agentflowV2',
  Tool: 'chatflow',
} as const

/** A marketplace template, read-only, with "Use template" to start a new flow from it. */
export default function TemplateCanvasPage() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const template = useQuery({ queryKey: ['template', id], queryFn: () => findTemplate(id) })
  const route = canvasRouteOfKind(KIND_OF_TEMPLATE[template.data?.type ?? 'Chatflow'])
  useTemplateLoader(template.data, route)
  const catalogue = useNodeCatalogue()
  const shown = useCanvasStore((state) => state.status === 'ready' && state.readOnly)

  const startFromTemplate = () => {
    if (!template.data) return
    const { templateName, flowData } = template.data
    void navigate(route.path, { state: draftState({ name: templateName, flowData }) })
  }

  let body
  if (template.error instanceof ApiError && template.error.status === 404)
    body = <CanvasMessage state="notFound" what="Template" backTo={MARKETPLACES} backLabel="Back to marketplace" />
  else if (template.isError)
    body = <CanvasMessage state="error" what="Template" onRetry={() => void template.refetch()} />
  else if (catalogue.isError)
    body = <CanvasMessage state="error" what="Nodes" onRetry={() => void catalogue.refetch()} />
  else if (!shown || !catalogue.isSuccess) body = <CanvasMessage state="loading" />
  else body = <LazyFlowCanvas descriptors={catalogue.data} />

  return (
    <>
      <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 }}>
        <CanvasHeaderBar
          backTo={MARKETPLACES}
          title={<FlowTitle>{template.data?.templateName ?? 'Template'}</FlowTitle>}
          actions={
            template.data && (
              <Button variant="contained" onClick={startFromTemplate} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                Use template
              </Button>
            )
          }
        />
        <Box sx={{ flexGrow: 1, minHeight: 0, display: 'flex' }}>{body}</Box>
      </Box>
    </>
  )
}
