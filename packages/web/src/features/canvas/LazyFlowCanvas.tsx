import type { NodeDescriptor } from '@weft/core'
import { lazy, Suspense } from 'react'
import CanvasMessage from './CanvasMessage'

// The drawing code (React Flow, node components, code editors) loads after the header has shown.
const FlowCanvas = lazy(() => import('./FlowCanvas'))

export default function LazyFlowCanvas({ descriptors }: { descriptors: NodeDescriptor[] }) {
  return (
    <Suspense fallback={<CanvasMessage state="loading" />}>
      <FlowCanvas descriptors={descriptors} />
    </Suspense>
  )
}
