import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import type { FlowType } from '@weft/core'
import { memo } from 'react'
import { Link as RouterLink } from 'react-router'
import { canvasPathOf } from './canvasPathOf'
import CategoryChips from './CategoryChips'
import FlowActionsMenu, { type FlowHandlers } from './FlowActionsMenu'
import { fromNow, fullDate } from './fromNow'
import NodeIcons from './NodeIcons'
import type { FlowItem } from './useFlowList'

interface FlowTableProps {
  items: FlowItem[]
  handlers: FlowHandlers
  typeLabels?: Partial<Record<FlowType, string>> | undefined
  label: string
}

const hiddenOnPhones = { display: { xs: 'none', md: 'table-cell' } }

const FlowRow = memo(function FlowRow({
  item: { flow, nodeTypes },
  handlers,
  typeLabel,
}: {
  item: FlowItem
  handlers: FlowHandlers
  typeLabel?: string | undefined
}) {
  return (
    <TableRow hover>
      <TableCell sx={{ maxWidth: 360 }}>
        <Stack direction="row" spacing={1} alignItems="center">
          <Link component={RouterLink} to={canvasPathOf(flow)} color="text.primary" sx={{ overflowWrap: 'anywhere' }}>
            {flow.name}
          </Link>
          {typeLabel && <Chip label={typeLabel} size="small" variant="outlined" />}
        </Stack>
      </TableCell>
      <TableCell sx={hiddenOnPhones}>
        <CategoryChips category={flow.category} />
      </TableCell>
      <TableCell sx={hiddenOnPhones}>
        <NodeIcons nodes={nodeTypes} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }} title={fullDate(flow.updatedDate)}>
        {fromNow(flow.updatedDate)}
      </TableCell>
      <TableCell align="right" sx={{ width: 56 }}>
        <FlowActionsMenu flow={flow} handlers={handlers} />
      </TableCell>
    </TableRow>
  )
})

/** The list view: one row per flow with its name, categories, nodes, last change and actions. */
export default function FlowTable({ items, handlers, typeLabels, label }: FlowTableProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell sx={hiddenOnPhones}>Category</TableCell>
            <TableCell sx={hiddenOnPhones}>Nodes</TableCell>
            <TableCell>Last Modified</TableCell>
            <TableCell align="right">
              <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                Actions
              </span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <FlowRow key={item.flow.id} item={item} handlers={handlers} typeLabel={typeLabels?.[item.flow.type]} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}
