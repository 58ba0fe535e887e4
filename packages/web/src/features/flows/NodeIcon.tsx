import Box from '@mui/material/Box'
import { useState } from 'react'
import { nodeIconUrl } from '../../api/nodes'
import type { NodeType } from './nodeTypesOf'

const SIZE = 32

/** A node type's icon in a small tile; its initial when the icon cannot load. */
export default function NodeIcon({ node }: { node: NodeType }) {
  const [failed, setFailed] = useState(false)
  return (
    <Box
      title={node.label}
      sx={(theme) => ({
        width: SIZE,
        height: SIZE,
        flexShrink: 0,
        display: 'grid',
        placeItems: 'center',
        borderRadius: '50%',
        border: `1px solid ${theme.palette.divider}`,
        // Icons are drawn for a light background; keep them legible in dark mode.
        bgcolor: theme.palette.mode === 'dark' ? 'grey.100' : 'background.paper',
        color: 'grey.800',
        fontSize: 13,
        fontWeight: 600,
        overflow: 'hidden',
      })}
    >
      {failed ? (
        <span aria-label={node.label} role="img">
          {node.label.charAt(0).toUpperCase()}
        </span>
      ) : (
        <Box
          component="img"
          src={nodeIconUrl(node.name)}
          alt={node.label}
          loading="lazy"
          onError={() => setFailed(true)}
          sx={{ width: SIZE - 10, height: SIZE - 10, objectFit: 'contain' }}
        />
      )}
    </Box>
  )
}
