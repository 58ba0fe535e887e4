import Add from '@mui/icons-material/Add'
import DeleteOutline from '@mui/icons-material/DeleteOutline'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import { parseRows, type DatagridColumn } from '@weft/core'
import DatagridCell from './DatagridCell'
import FieldShell from './FieldShell'
import type { InputFieldProps } from './types'

type Row = Record<string, unknown>

// Rows carry a numeric id like Flowise's grids do, so flows keep their shape both ways.
function newRow(columns: readonly DatagridColumn[], rows: readonly Row[]): Row {
  const id = Math.max(0, ...rows.map((row) => Number(row.id) || 0)) + 1
  return { id, ...Object.fromEntries(columns.map((column) => [column.field, column.type === 'boolean' ? false : ''])) }
}

const cellSx = { px: 0.5, py: 0.5, minWidth: 120, verticalAlign: 'middle' } as const

/** A small editable table: one row object per line, one cell per column. */
export default function DatagridInput({ param, value, onChange, disabled }: InputFieldProps) {
  const columns = param.datagrid ?? []
  const rows = parseRows(value)
  const setCell = (index: number, field: string, cell: unknown) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, [field]: cell } : row)))

  const addRow = (
    <Button
      size="small"
      startIcon={<Add />}
      disabled={disabled}
      onClick={() => onChange([...rows, newRow(columns, rows)])}
      sx={{ justifySelf: 'start' }}
    >
      Add row
    </Button>
  )
  return (
    <FieldShell param={param} helper={addRow}>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={param.label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.field} sx={cellSx}>
                  {column.headerName}
                </TableCell>
              ))}
              <TableCell sx={{ ...cellSx, minWidth: 0 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={index}>
                {columns.map((column) => (
                  <TableCell key={column.field} sx={cellSx}>
                    <DatagridCell
                      column={column}
                      value={row[column.field]}
                      label={`${column.headerName} ${index + 1}`}
                      disabled={disabled}
                      onChange={(cell) => setCell(index, column.field, cell)}
                    />
                  </TableCell>
                ))}
                <TableCell sx={{ ...cellSx, minWidth: 0 }}>
                  <IconButton
                    size="small"
                    aria-label={`Delete row ${index + 1}`}
                    disabled={disabled}
                    onClick={() => onChange(rows.filter((_, at) => at !== index))}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 1} sx={{ color: 'text.secondary', fontSize: 13 }}>
                  No rows yet
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </FieldShell>
  )
}
