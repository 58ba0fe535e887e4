import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import NodeIcon from './NodeIcon'
import type { NodeType } from './nodeTypesOf'

const SHOWN = 5

/** The icons of up to five node types a flow uses, then how many more. */
export default function NodeIcons({ nodes }: { nodes: NodeType[] }) {
  if (nodes.length === 0)
    return (
      <Typography variant="caption" color="text.disabled">
        No nodes yet
      </Typography>
    )
  const more = nodes.length - SHOWN
  return (
    <Stack direction="row" spacing={0.75} alignItems="center" sx={{ minHeight: 32 }}>
      {nodes.slice(0, SHOWN).map((node) => (
        <NodeIcon key={node.name} node={node} />
      ))}
      {more > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ pl: 0.5, fontWeight: 600 }}>
          +{more} more
        </Typography>
      )}
    </Stack>
  )
}
