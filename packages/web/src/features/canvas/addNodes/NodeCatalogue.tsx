import ExpandMore from '@mui/icons-material/ExpandMore'
import Search from '@mui/icons-material/Search'
import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Box from '@mui/material/Box'
import InputAdornment from '@mui/material/InputAdornment'
import List from '@mui/material/List'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { CanvasKind, NodeDescriptor } from '@weft/core'
import { useMemo, useState } from 'react'
import { groupNodes } from './groupNodes'
import NodeItem from './NodeItem'

interface NodeCatalogueProps {
  descriptors: NodeDescriptor[]
  kind: CanvasKind
  onAdd: (descriptor: NodeDescriptor) => void
}

/** The search field and the categories of nodes; a search opens every category that matches. */
export default function NodeCatalogue({ descriptors, kind, onAdd }: NodeCatalogueProps) {
  const [search, setSearch] = useState('')
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set())
  const categories = useMemo(() => groupNodes(descriptors, kind, search), [descriptors, kind, search])
  const searching = search.trim() !== ''

  const toggle = (name: string) =>
    setOpened((previous) => {
      const next = new Set(previous)
      if (!next.delete(name)) next.add(name)
      return next
    })

  return (
    <>
      {/* Padding sits on a wrapper: on the field itself it moves the outline but not the floating label. */}
      <Box sx={{ px: 2, pt: 0.5, pb: 1.5 }}>
        <TextField
          label="Search nodes"
          size="small"
          fullWidth
          autoFocus
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ overflowY: 'auto', px: 1, pb: 1 }}>
        {categories.map(({ name, nodes }) => (
          <Accordion
            key={name}
            disableGutters
            elevation={0}
            expanded={searching || opened.has(name)}
            onChange={() => toggle(name)}
            slotProps={{ transition: { unmountOnExit: true } }}
            sx={{ '&::before': { display: 'none' }, bgcolor: 'transparent' }}
          >
            <AccordionSummary expandIcon={<ExpandMore />}>
              <Typography variant="subtitle2">{name}</Typography>
            </AccordionSummary>
            <AccordionDetails sx={{ p: 0 }}>
              <List dense disablePadding>
                {nodes.map((descriptor) => (
                  <NodeItem key={descriptor.name} descriptor={descriptor} onAdd={onAdd} />
                ))}
              </List>
            </AccordionDetails>
          </Accordion>
        ))}
        {categories.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 3, textAlign: 'center' }}>
            No nodes match “{search}”
          </Typography>
        )}
      </Box>
    </>
  )
}
