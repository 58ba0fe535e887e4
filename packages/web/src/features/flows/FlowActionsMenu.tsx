import ChatOutlined from '@mui/icons-material/ChatOutlined'
import ContactMailOutlined from '@mui/icons-material/ContactMailOutlined'
import ContentCopy from '@mui/icons-material/ContentCopyOutlined'
import Delete from '@mui/icons-material/DeleteOutlined'
import Edit from '@mui/icons-material/EditOutlined'
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined'
import ForumOutlined from '@mui/icons-material/ForumOutlined'
import LabelOutlined from '@mui/icons-material/LabelOutlined'
import MicNoneOutlined from '@mui/icons-material/MicNoneOutlined'
import MoreHoriz from '@mui/icons-material/MoreHoriz'
import PublicOutlined from '@mui/icons-material/PublicOutlined'
import ThumbsUpDownOutlined from '@mui/icons-material/ThumbsUpDownOutlined'
import TuneOutlined from '@mui/icons-material/TuneOutlined'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Tooltip from '@mui/material/Tooltip'
import type { Flow } from '@weft/core'
import { useState, type ReactNode } from 'react'
import type { ConfigTab } from '../canvas/share/ConfigDialog'

type Run = ((flow: Flow) => void) | undefined

/** What a user may do to a flow; a missing handler means no permission, so no menu item. */
export interface FlowHandlers {
  onRename?: Run
  onDuplicate?: Run
  onExport?: Run
  /** Opens the flow's configuration at a tab. */
  onConfigure?: ((flow: Flow, tab: ConfigTab) => void) | undefined
  onViewMessages?: Run
  onViewLeads?: Run
  onUpdateCategory?: Run
  onDelete?: Run
}

interface Item {
  label: string
  icon: ReactNode
  run: Run
  danger?: boolean
}

// The configuration items Flowise users know, each opening the tab that holds its setting.
const CONFIG_ITEMS: { label: string; icon: ReactNode; tab: ConfigTab }[] = [
  { label: 'Starter Prompts', icon: <ChatOutlined fontSize="small" />, tab: 'chatbot' },
  { label: 'Chat Feedback', icon: <ThumbsUpDownOutlined fontSize="small" />, tab: 'chatbot' },
  { label: 'Allowed Domains', icon: <PublicOutlined fontSize="small" />, tab: 'security' },
  { label: 'Speech To Text', icon: <MicNoneOutlined fontSize="small" />, tab: 'speechToText' },
  { label: 'Configuration', icon: <TuneOutlined fontSize="small" />, tab: 'chatbot' },
]

/** The menu's items in groups, dividers between them, Delete last; items without a handler left out. */
function groupsOf(handlers: FlowHandlers): Item[][] {
  const { onConfigure } = handlers
  const groups: Item[][] = [
    [
      { label: 'Rename', icon: <Edit fontSize="small" />, run: handlers.onRename },
      { label: 'Duplicate', icon: <ContentCopy fontSize="small" />, run: handlers.onDuplicate },
      { label: 'Export', icon: <FileDownloadOutlined fontSize="small" />, run: handlers.onExport },
    ],
    CONFIG_ITEMS.map(({ label, icon, tab }) => ({
      label,
      icon,
      run: onConfigure && ((flow: Flow) => onConfigure(flow, tab)),
    })),
    [
      { label: 'View Messages', icon: <ForumOutlined fontSize="small" />, run: handlers.onViewMessages },
      { label: 'View Leads', icon: <ContactMailOutlined fontSize="small" />, run: handlers.onViewLeads },
    ],
    [{ label: 'Update Category', icon: <LabelOutlined fontSize="small" />, run: handlers.onUpdateCategory }],
    [{ label: 'Delete', icon: <Delete fontSize="small" />, run: handlers.onDelete, danger: true }],
  ]
  return groups.map((group) => group.filter((item) => item.run)).filter((group) => group.length > 0)
}

/** The "…" button of a flow card or row, with what the user may do to the flow. */
export default function FlowActionsMenu({ flow, handlers }: { flow: Flow; handlers: FlowHandlers }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const groups = groupsOf(handlers)
  if (groups.length === 0) return null

  const danger = { color: 'error.main' }
  // MUI's Menu wants its items as direct children, so dividers join them in one flat list.
  const children = groups.flatMap((group, index) => [
    ...(index > 0 ? [<Divider key={`divider-${index}`} />] : []),
    ...group.map(({ label, icon, run, danger: isDanger }) => (
      <MenuItem
        key={label}
        onClick={() => {
          setAnchor(null)
          run?.(flow)
        }}
        sx={isDanger ? danger : undefined}
      >
        <ListItemIcon sx={isDanger ? danger : undefined}>{icon}</ListItemIcon>
        <ListItemText>{label}</ListItemText>
      </MenuItem>
    )),
  ])

  return (
    <>
      <Tooltip title="Actions">
        <IconButton
          size="small"
          aria-label={`Flow actions for ${flow.name}`}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreHoriz fontSize="small" />
        </IconButton>
      </Tooltip>
      {anchor && (
        <Menu
          open
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          {children}
        </Menu>
      )}
    </>
  )
}
