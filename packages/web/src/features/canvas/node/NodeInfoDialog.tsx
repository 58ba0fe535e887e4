import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'
import type { FlowNodeData } from '@weft/core'
import type { ReactNode } from 'react'
import NodeDialog from './NodeDialog'

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '120px 1fr', gap: 1, alignItems: 'baseline' }}>
      <Typography variant="body2" color="text.secondary">
        {name}
      </Typography>
      <Box sx={{ fontSize: 14 }}>{children}</Box>
    </Box>
  )
}

/** What a node is: its description, catalogue name, version and the types it provides. */
export default function NodeInfoDialog({ data, onClose }: { data: FlowNodeData; onClose: () => void }) {
  return (
    <NodeDialog title={data.label} onClose={onClose}>
      {data.description && <Typography variant="body2">{data.description}</Typography>}
      <Fact name="Node">{data.name}</Fact>
      <Fact name="Version">{data.version}</Fact>
      <Fact name="Category">{data.category}</Fact>
      <Fact name="Provides">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {data.baseClasses.map((type) => (
            <Chip key={type} label={type} size="small" />
          ))}
        </Box>
      </Fact>
    </NodeDialog>
  )
}
