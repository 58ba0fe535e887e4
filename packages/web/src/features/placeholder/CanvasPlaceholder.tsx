import Hub from '@mui/icons-material/HubOutlined'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import { dotGrid } from '../../theme/dotGrid'
import EmptyState from '../../components/EmptyState'

/** The canvas area until the flow editor arrives. */
export default function CanvasPlaceholder() {
  return (
    <Box sx={(theme) => ({ ...dotGrid(theme), flexGrow: 1, display: 'grid', placeItems: 'center', p: 3 })}>
      <Card sx={{ maxWidth: 440 }}>
        <EmptyState
          icon={Hub}
          title="An empty canvas"
          description="Nodes will be added here and wired together into a flow once the editor is ready."
        />
      </Card>
    </Box>
  )
}
