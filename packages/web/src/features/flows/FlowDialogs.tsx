import type { Flow } from '@weft/core'
import { lazy, Suspense } from 'react'
import LoadingDialog from '../../components/LoadingDialog'
import type { ConfigTab } from '../canvas/share/ConfigDialog'
import CategoryDialog from './CategoryDialog'
import FlowNameDialog from './FlowNameDialog'
import type { useFlowActions } from './useFlowActions'

// Bigger dialogs load when first opened, so the list itself stays light.
const ConfigDialog = lazy(() => import('../canvas/share/ConfigDialog'))
const ViewMessagesDialog = lazy(() => import('../messages/ViewMessagesDialog'))
const LeadsDialog = lazy(() => import('../messages/LeadsDialog'))

/** The dialog a flow's menu opened, with the flow it is about. */
export type FlowDialog =
  { kind: 'rename' | 'category' | 'messages' | 'leads'; flow: Flow } | { kind: 'config'; flow: Flow; tab: ConfigTab }

interface FlowDialogsProps {
  open: FlowDialog | null
  actions: ReturnType<typeof useFlowActions>
  onClose: () => void
}

/** Shows the dialog a flow list's menu asked for: rename, categories, configuration, messages or leads. */
export default function FlowDialogs({ open, actions, onClose }: FlowDialogsProps) {
  if (!open) return null
  const { flow } = open
  return (
    <Suspense fallback={<LoadingDialog open message="Loading…" />}>
      {open.kind === 'rename' && (
        <FlowNameDialog
          key={flow.id}
          title="Rename"
          submitLabel="Rename"
          initialName={flow.name}
          onSubmit={async (name) => {
            if (await actions.rename(flow, name)) onClose()
          }}
          onClose={onClose}
        />
      )}
      {open.kind === 'category' && (
        <CategoryDialog
          key={flow.id}
          flow={flow}
          onSubmit={(category) => actions.setCategory(flow, category)}
          onClose={onClose}
        />
      )}
      {open.kind === 'config' && (
        <ConfigDialog
          key={flow.id}
          record={flow}
          initialTab={open.tab}
          onSaved={() => {
            void actions.configSaved()
            onClose()
          }}
          onClose={onClose}
        />
      )}
      {open.kind === 'messages' && <ViewMessagesDialog flow={flow} onClose={onClose} />}
      {open.kind === 'leads' && <LeadsDialog flow={flow} onClose={onClose} />}
    </Suspense>
  )
}
