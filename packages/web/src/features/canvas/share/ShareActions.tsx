import CodeOutlined from '@mui/icons-material/CodeOutlined'
import TuneOutlined from '@mui/icons-material/TuneOutlined'
import WebOutlined from '@mui/icons-material/WebOutlined'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import { flowPermission, type Flow } from '@weft/core'
import { useState, type ReactNode } from 'react'
import { notify } from '../../../components/notifications/notify'
import { useCan } from '../../flows/useCan'
import type { CanvasRoute } from '../canvasRoute'
import { useCanvasStore } from '../store/canvasStore'
import ApiDialog from './ApiDialog'
import ConfigDialog from './ConfigDialog'
import EmbedDialog from './EmbedDialog'

type Opened = 'api' | 'embed' | 'config' | null

// The configuration is saved on its own; the canvas keeps its unsaved edits and takes the new record.
function takeSavedRecord(record: Flow): void {
  useCanvasStore.setState({ record })
  notify('Configuration saved', 'success')
}

/** The header's API, Embed and Configuration buttons; a flow shares only once it is saved. */
export default function ShareActions({ route }: { route: CanvasRoute }) {
  const record = useCanvasStore((state) => state.record)
  const canUpdate = useCan(flowPermission(route.flowType, 'update'))
  const [opened, setOpened] = useState<Opened>(null)
  if (!record) return null
  const close = () => setOpened(null)
  return (
    <>
      <HeaderButton label="API" tooltip="Call this flow from code" onClick={() => setOpened('api')}>
        <CodeOutlined />
      </HeaderButton>
      <HeaderButton label="Embed" tooltip="Embed the chat in a website" onClick={() => setOpened('embed')}>
        <WebOutlined />
      </HeaderButton>
      {canUpdate && (
        <HeaderButton
          label="Configuration"
          tooltip="Chatbot, security, API key and leads"
          onClick={() => setOpened('config')}
        >
          <TuneOutlined />
        </HeaderButton>
      )}
      {opened === 'api' && <ApiDialog record={record} onClose={close} />}
      {opened === 'embed' && <EmbedDialog record={record} onClose={close} />}
      {opened === 'config' && (
        <ConfigDialog
          record={record}
          onClose={close}
          onSaved={(saved) => {
            takeSavedRecord(saved)
            close()
          }}
        />
      )}
    </>
  )
}

function HeaderButton({
  label,
  tooltip,
  onClick,
  children,
}: {
  label: string
  tooltip: string
  onClick: () => void
  children: ReactNode
}) {
  return (
    <Tooltip title={tooltip}>
      <IconButton aria-label={label} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  )
}
