import Box from '@mui/material/Box'
import { useLocation, useParams } from 'react-router'
import CanvasChat from '../chat/CanvasChat'
import CanvasMessage from './CanvasMessage'
import LazyFlowCanvas from './LazyFlowCanvas'
import { canvasRouteOf } from './canvasRoute'
import CanvasHeader from './header/CanvasHeader'
import { draftOf } from './load/draft'
import { useFlowLoader } from './load/useFlowLoader'
import { useNodeCatalogue } from './load/useNodeCatalogue'
import { useStartNode } from './load/useStartNode'
import { useCanvasStore } from './store/canvasStore'
import UnsavedChangesGuard from './UnsavedChangesGuard'

/** The canvas of a chatflow, a sequential agentflow or an agentflow V2, new or saved, by its route. */
export default function CanvasPage() {
  const { pathname, state } = useLocation()
  const { id } = useParams()
  const route = canvasRouteOf(pathname)
  const { retry } = useFlowLoader(route, id, draftOf(state))
  const catalogue = useNodeCatalogue()
  useStartNode(catalogue.data)
  const status = useCanvasStore((canvas) => canvas.status)
  const ready = status === 'ready' && catalogue.isSuccess

  let body
  if (status === 'notFound')
    body = <CanvasMessage state="notFound" what="Flow" backTo={route.listPath} backLabel={`Back to ${route.listPath.slice(1)}`} />
  else if (status === 'error') body = <CanvasMessage state="error" what="Flow" onRetry={retry} />
  else if (catalogue.isError) body = <CanvasMessage state="error" what="Nodes" onRetry={() => void catalogue.refetch()} />
  else if (!ready) body = <CanvasMessage state="loading" />
  else body = <LazyFlowCanvas descriptors={catalogue.data} />

  return (
    <>
      <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 }}>
        <CanvasHeader route={route} ready={ready} />
        <Box sx={{ flexGrow: 1, minHeight: 0, display: 'flex' }}>{body}</Box>
      </Box>
      <UnsavedChangesGuard />
      {ready && <CanvasChat />}
    </>
  )
}
