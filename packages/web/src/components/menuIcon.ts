import type { SvgIconComponent } from '@mui/icons-material'
import AccountTree from '@mui/icons-material/AccountTreeOutlined'
import Assistant from '@mui/icons-material/AssistantOutlined'
import Badge from '@mui/icons-material/BadgeOutlined'
import Build from '@mui/icons-material/BuildOutlined'
import Square from '@mui/icons-material/CropSquareOutlined'
import Checklist from '@mui/icons-material/ChecklistOutlined'
import DataObject from '@mui/icons-material/DataObjectOutlined'
import FolderCopy from '@mui/icons-material/FolderCopyOutlined'
import History from '@mui/icons-material/HistoryOutlined'
import Insights from '@mui/icons-material/InsightsOutlined'
import Key from '@mui/icons-material/KeyOutlined'
import Layers from '@mui/icons-material/LayersOutlined'
import Lock from '@mui/icons-material/LockOutlined'
import People from '@mui/icons-material/PeopleOutlined'
import Queue from '@mui/icons-material/QueueOutlined'
import ReceiptLong from '@mui/icons-material/ReceiptLongOutlined'
import Science from '@mui/icons-material/ScienceOutlined'
import Settings from '@mui/icons-material/SettingsOutlined'
import Shield from '@mui/icons-material/ShieldOutlined'
import SmartToy from '@mui/icons-material/SmartToyOutlined'
import Storage from '@mui/icons-material/StorageOutlined'
import Storefront from '@mui/icons-material/StorefrontOutlined'

/** Core's menu names its icons; these are the drawings for them. Placeholder screens reuse them. */
const MENU_ICONS: Record<string, SvgIconComponent> = {
  hierarchy: AccountTree,
  robot: SmartToy,
  'list-check': Checklist,
  assistant: Assistant,
  store: Storefront,
  tool: Build,
  lock: Lock,
  variable: DataObject,
  key: Key,
  files: FolderCopy,
  database: Storage,
  test: Science,
  chart: Insights,
  shield: Shield,
  badge: Badge,
  users: People,
  stack: Layers,
  history: History,
  logs: ReceiptLong,
  queue: Queue,
  settings: Settings,
}

export const menuIcon = (name: string): SvgIconComponent => MENU_ICONS[name] ?? Square
