import Paper from '@mui/material/Paper'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import type { ReactNode } from 'react'

/** One column of a resource table: its header and what a row shows in it. */
export interface Column<T> {
  header: string
  cell: (item: T) => ReactNode
  /** Secondary columns give way on small screens. */
  hideOnPhones?: boolean
  /** Dates and short values stay on one line. */
  nowrap?: boolean
}

interface ResourceTableProps<T> {
  label: string
  columns: Column<T>[]
  items: T[]
  rowKey: (item: T) => string
  /** The buttons at the end of a row; none without write permissions. */
  actions?: ((item: T) => ReactNode) | undefined
}

const hiddenOnPhones = { display: { xs: 'none', md: 'table-cell' } }

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const

/** The table of a list screen (credentials, variables, API keys): one row per item. */
export default function ResourceTable<T>({ label, columns, items, rowKey, actions }: ResourceTableProps<T>) {
  // The first column names the item: it keeps room for a name instead of wrapping it letter by letter.
  const cellSx = (column: Column<T>) => ({
    ...(column === columns[0] ? { minWidth: 160 } : {}),
    ...(column.hideOnPhones ? hiddenOnPhones : {}),
    ...(column.nowrap ? { whiteSpace: 'nowrap' } : {}),
  })
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} sx={cellSx(column)}>
                {column.header}
              </TableCell>
            ))}
            {actions && (
              <TableCell align="right" sx={{ width: 1 }}>
                <span style={visuallyHidden}>Actions</span>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={rowKey(item)} hover>
              {columns.map((column) => (
                <TableCell key={column.header} sx={cellSx(column)}>
                  {column.cell(item)}
                </TableCell>
              ))}
              {actions && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', width: 1 }}>
                  {actions(item)}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}
