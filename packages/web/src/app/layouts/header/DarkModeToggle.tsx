import DarkMode from '@mui/icons-material/DarkModeOutlined'
import LightMode from '@mui/icons-material/LightModeOutlined'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import { useCustomization } from '../../../store/customization'

export default function DarkModeToggle() {
  const isDarkMode = useCustomization((state) => state.isDarkMode)
  const toggleDarkMode = useCustomization((state) => state.toggleDarkMode)
  return (
    <Tooltip title={isDarkMode ? 'Switch to light mode' : 'Switch to dark mode'}>
      <IconButton aria-label="Toggle dark mode" aria-pressed={isDarkMode} onClick={toggleDarkMode}>
        {isDarkMode ? <LightMode fontSize="small" /> : <DarkMode fontSize="small" />}
      </IconButton>
    </Tooltip>
  )
}
