import Add from '@mui/icons-material/Add'
import DeleteOutline from '@mui/icons-material/DeleteOutline'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import Select from '@mui/material/Select'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import { TOOL_PROPERTY_TYPES } from '@weft/core'
import { newRow, type PropertyType, type SchemaRow } from './schemaRows'

interface SchemaGridProps {
  rows: SchemaRow[]
  onChange: (rows: SchemaRow[]) => void
  disabled: boolean
}

const cellSx = { px: 1, py: 0.75, verticalAlign: 'middle' } as const

/** The tool's arguments as rows: property name, type, what it means, whether the model must give it. */
export default function SchemaGrid({ rows, onChange, disabled }: SchemaGridProps) {
  const setRow = (index: number, patch: Partial<SchemaRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)))
  return (
    <>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label="Input Schema">
          <TableHead>
            <TableRow>
              <TableCell sx={{ ...cellSx, width: '26%' }}>Property</TableCell>
              <TableCell sx={{ ...cellSx, width: 130 }}>Type</TableCell>
              <TableCell sx={cellSx}>Description</TableCell>
              <TableCell sx={{ ...cellSx, width: 80 }} align="center">
                Required
              </TableCell>
              <TableCell sx={{ ...cellSx, width: 48 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => {
              const n = index + 1
              return (
                <TableRow key={row.id}>
                  <TableCell sx={cellSx}>
                    <TextField
                      size="small"
                      fullWidth
                      value={row.property}
                      placeholder="orderId"
                      disabled={disabled}
                      onChange={(event) => setRow(index, { property: event.target.value })}
                      slotProps={{ htmlInput: { 'aria-label': `Property ${n}` } }}
                    />
                  </TableCell>
                  <TableCell sx={cellSx}>
                    <Select
                      size="small"
                      fullWidth
                      value={row.type}
                      disabled={disabled}
                      inputProps={{ 'aria-label': `Type ${n}` }}
                      onChange={(event) => setRow(index, { type: event.target.value as PropertyType })}
                    >
                      {TOOL_PROPERTY_TYPES.map((type) => (
                        <MenuItem key={type} value={type}>
                          {type}
                        </MenuItem>
                      ))}
                    </Select>
                  </TableCell>
                  <TableCell sx={cellSx}>
                    <TextField
                      size="small"
                      fullWidth
                      value={row.description}
                      placeholder="What the model should put here"
                      disabled={disabled}
                      onChange={(event) => setRow(index, { description: event.target.value })}
                      slotProps={{ htmlInput: { 'aria-label': `Description ${n}` } }}
                    />
                  </TableCell>
                  <TableCell sx={cellSx} align="center">
                    <Checkbox
                      size="small"
                      checked={row.required}
                      disabled={disabled}
                      onChange={(event) => setRow(index, { required: event.target.checked })}
                      slotProps={{ input: { 'aria-label': `Required ${n}` } }}
                    />
                  </TableCell>
                  <TableCell sx={cellSx}>
                    <IconButton
                      size="small"
                      aria-label={`Delete property ${n}`}
                      disabled={disabled}
                      onClick={() => onChange(rows.filter((_, at) => at !== index))}
                      sx={{ '&:hover': { color: 'error.main' } }}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              )
            })}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5} sx={{ ...cellSx, py: 2, color: 'text.secondary' }}>
                  No properties: the tool takes no arguments.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {!disabled && (
        <Button size="small" startIcon={<Add />} onClick={() => onChange([...rows, newRow(rows)])} sx={{ mt: 1 }}>
          Add property
        </Button>
      )}
    </>
  )
}
