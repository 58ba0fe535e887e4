import Build from '@mui/icons-material/BuildOutlined'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import type { UsedTool } from '@weft/core'
import { useState } from 'react'
import DetailDialog, { DetailSection } from './DetailDialog'
import MessageText from './MessageText'

/** The tools an answer called, as chips that open what went in and what came out. */
export default function UsedToolChips({ tools }: { tools: UsedTool[] }) {
  const [open, setOpen] = useState<UsedTool | null>(null)
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
      {tools.map((tool, index) => (
        <Chip
          key={index}
          size="small"
          variant="outlined"
          color="secondary"
          icon={<Build />}
          label={tool.tool}
          aria-label={`Tool call: ${tool.tool}`}
          onClick={() => setOpen(tool)}
        />
      ))}
      {open && (
        <DetailDialog title={open.tool} onClose={() => setOpen(null)}>
          <DetailSection title="Input">
            <MessageText text={JSON.stringify(open.toolInput ?? {})} />
          </DetailSection>
          <DetailSection title="Output">
            <MessageText text={open.toolOutput} />
          </DetailSection>
        </DetailDialog>
      )}
    </Box>
  )
}
