import FileDownload from '@mui/icons-material/FileDownloadOutlined'
import FileUpload from '@mui/icons-material/FileUploadOutlined'
import Info from '@mui/icons-material/InfoOutlined'
import Logout from '@mui/icons-material/LogoutOutlined'
import Person from '@mui/icons-material/PersonOutlined'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import ListItemIcon from '@mui/material/ListItemIcon'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import { hasPermission } from '@weft/core'
import { useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import ExportDialog from '../../../features/export-import/ExportDialog'
import { useImport } from '../../../features/export-import/useImport'
import { useLogout } from '../../../features/session/useLogout'
import VersionDialog from '../../../features/version/VersionDialog'
import { useSession } from '../../../store/session'
import { useAccessContext } from '../../../store/useAccessContext'
import UserAvatar from './UserAvatar'
import UserSummary from './UserSummary'

type Dialog = 'export' | 'version' | null

export default function UserMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [dialog, setDialog] = useState<Dialog>(null)
  const ctx = useAccessContext()
  const user = useSession((state) => state.user)
  const isSSO = useSession((state) => state.isSSO)
  const navigate = useNavigate()
  const logout = useLogout()
  const importFile = useImport()
  if (!ctx || !user) return null

  const item = (label: string, icon: ReactNode, action: () => void) => (
    <MenuItem
      key={label}
      onClick={() => {
        setAnchor(null)
        action()
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      {label}
    </MenuItem>
  )

  return (
    <>
      <Tooltip title={user.name || user.email}>
        <IconButton
          aria-label="User menu"
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ p: 0.5 }}
        >
          <UserAvatar name={user.name || user.email} />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 240, mt: 1 } } }}
      >
        <UserSummary name={user.name} email={user.email} />
        <Divider />
        {hasPermission(ctx, 'workspace:export') &&
          item('Export', <FileDownload fontSize="small" />, () => setDialog('export'))}
        {hasPermission(ctx, 'workspace:import') && item('Import', <FileUpload fontSize="small" />, importFile.choose)}
        {item('Version', <Info fontSize="small" />, () => setDialog('version'))}
        {!isSSO &&
          ctx.platform !== 'cloud' &&
          item('Update Profile', <Person fontSize="small" />, () => void navigate('/user-profile'))}
        <Divider />
        {item('Logout', <Logout fontSize="small" />, () => void logout())}
      </Menu>
      {importFile.elements}
      <ExportDialog open={dialog === 'export'} onClose={() => setDialog(null)} />
      <VersionDialog open={dialog === 'version'} onClose={() => setDialog(null)} />
    </>
  )
}
