import Box from '@mui/material/Box'
import { alpha } from '@mui/material/styles'
import { nodeIconUrl } from '../../../api/nodes'

interface NodeIconProps {
  name: string
  color: string
  size?: number
}

/** The node's icon on a soft disc of its colour; lazy so a large flow loads icons as they scroll in. */
export default function NodeIcon({ name, color, size = 32 }: NodeIconProps) {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: alpha(color, 0.14),
      }}
    >
      <img src={nodeIconUrl(name)} alt="" loading="lazy" width={size * 0.6} height={size * 0.6} draggable={false} />
    </Box>
  )
}
