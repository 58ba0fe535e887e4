import GridView from '@mui/icons-material/GridViewOutlined'
import ViewList from '@mui/icons-material/ViewListOutlined'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Tooltip from '@mui/material/Tooltip'
import type { ViewMode } from './useViewMode'

/** Card or list view. */
export default function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      aria-label="View"
      onChange={(_, mode: ViewMode | null) => {
        if (mode) onChange(mode)
      }}
    >
      <Tooltip title="Card view">
        <ToggleButton value="card" aria-label="Card view">
          <GridView fontSize="small" />
        </ToggleButton>
      </Tooltip>
      <Tooltip title="List view">
        <ToggleButton value="list" aria-label="List view">
          <ViewList fontSize="small" />
        </ToggleButton>
      </Tooltip>
    </ToggleButtonGroup>
  )
}
