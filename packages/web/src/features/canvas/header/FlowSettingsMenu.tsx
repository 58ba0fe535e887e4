import ContactMailOutlined from '@mui/icons-material/ContactMailOutlined'
import ContentCopy from '@mui/icons-material/ContentCopy'
import DeleteOutline from '@mui/icons-material/DeleteOutline'
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined'
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined'
import ForumOutlined from '@mui/icons-material/ForumOutlined'
import SettingsOutlined from '@mui/icons-material/SettingsOutlined'
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined'
import IconButton from '@mui/material/IconButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Tooltip from '@mui/material/Tooltip'
import { useRef, useState, type ChangeEvent } from 'react'
import { saveCustomTemplate, type TemplateDetails } from '../../../api/marketplace'
import { notify } from '../../../components/notifications/notify'
import SaveTemplateDialog from '../../marketplace/SaveTemplateDialog'
import { useCan } from '../../flows/useCan'
import LeadsDialog from '../../messages/LeadsDialog'
import ViewMessagesDialog from '../../messages/ViewMessagesDialog'
import type { CanvasRoute } from '../canvasRoute'
import { useCanvasStore } from '../store/canvasStore'
import { useFlowSettings } from './useFlowSettings'

/** What the user may do here; duplicate and delete also need a saved flow. */
export interface FlowPermissions {
  canEdit: boolean
  canCreate: boolean
  canDelete: boolean
}

/** The gear menu: duplicate, export, save as template, load from a file, the flow's messages and leads, delete. */
export default function FlowSettingsMenu({ route, allowed }: { route: CanvasRoute; allowed: FlowPermissions }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const saved = useCanvasStore((state) => state.record !== null)
  const flowId = useCanvasStore((state) => state.record?.id)
  const flowName = useCanvasStore((state) => state.name)
  const [history, setHistory] = useState<'messages' | 'leads' | 'template' | null>(null)
  const canSaveTemplate = useCan('templates:flowexport')
  const settings = useFlowSettings(route)

  const run = (command: () => unknown) => {
    setAnchor(null)
    void command()
  }
  const saveTemplate = async (details: TemplateDetails) => {
    if (!flowId) return
    await saveCustomTemplate({ ...details, chatflowId: flowId })
    setHistory(null)
    notify(`Saved ${details.name} as a template`, 'success')
  }
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file) void settings.loadFile(file)
  }

  return (
    <>
      <Tooltip title="Flow settings">
        <IconButton
          aria-label="Flow settings"
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <SettingsOutlined />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled={!saved || !allowed.canCreate} onClick={() => run(settings.duplicate)}>
          <ListItemIcon>
            <ContentCopy fontSize="small" />
          </ListItemIcon>
          <ListItemText>Duplicate flow</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => run(settings.exportFlow)}>
          <ListItemIcon>
            <FileDownloadOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Export flow</ListItemText>
        </MenuItem>
        {canSaveTemplate && (
          <MenuItem disabled={!saved} onClick={() => run(() => setHistory('template'))}>
            <ListItemIcon>
              <StorefrontOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>Save As Template</ListItemText>
          </MenuItem>
        )}
        <MenuItem disabled={!allowed.canEdit} onClick={() => run(() => fileInput.current?.click())}>
          <ListItemIcon>
            <FileUploadOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Load flow</ListItemText>
        </MenuItem>
        <MenuItem disabled={!saved} onClick={() => run(() => setHistory('messages'))}>
          <ListItemIcon>
            <ForumOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>View Messages</ListItemText>
        </MenuItem>
        <MenuItem disabled={!saved} onClick={() => run(() => setHistory('leads'))}>
          <ListItemIcon>
            <ContactMailOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>View Leads</ListItemText>
        </MenuItem>
        <MenuItem
          disabled={!saved || !allowed.canDelete}
          onClick={() => run(settings.remove)}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <DeleteOutline fontSize="small" />
          </ListItemIcon>
          <ListItemText>Delete flow</ListItemText>
        </MenuItem>
      </Menu>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label="Flow file"
        onChange={onFile}
      />
      {flowId && history === 'messages' && (
        <ViewMessagesDialog flow={{ id: flowId, name: flowName }} onClose={() => setHistory(null)} />
      )}
      {flowId && history === 'template' && (
        <SaveTemplateDialog
          what="flow"
          defaultName={flowName}
          onSave={saveTemplate}
          onClose={() => setHistory(null)}
        />
      )}
      {flowId && history === 'leads' && (
        <LeadsDialog flow={{ id: flowId, name: flowName }} onClose={() => setHistory(null)} />
      )}
    </>
  )
}
