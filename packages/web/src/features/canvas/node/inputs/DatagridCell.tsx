import Checkbox from '@mui/material/Checkbox'
import MenuItem from '@mui/material/MenuItem'
import Select from '@mui/material/Select'
import Typography from '@mui/material/Typography'
import type { DatagridColumn } from '@weft/core'
import LocalTextField from './LocalTextField'
import { isChecked, toText } from './values'

interface DatagridCellProps {
  column: DatagridColumn
  value: unknown
  /** The accessible name, e.g. "Operation 2". */
  label: string
  disabled?: boolean
  onChange: (value: unknown) => void
}

const parseNumber = (text: string): number | string => (text.trim() === '' ? '' : Number(text))

/** One editable cell, its control chosen by the column's type. */
export default function DatagridCell({ column, value, label, disabled, onChange }: DatagridCellProps) {
  if (column.editable === false) return <Typography sx={{ fontSize: 13 }}>{toText(value)}</Typography>
  if (column.type === 'boolean')
    return (
      <Checkbox
        size="small"
        checked={isChecked(value)}
        disabled={disabled}
        slotProps={{ input: { 'aria-label': label } }}
        onChange={(event) => onChange(event.target.checked)}
      />
    )
  if (column.type === 'singleSelect') {
    const options = column.valueOptions ?? []
    const chosen = toText(value)
    return (
      <Select
        size="small"
        fullWidth
        value={options.includes(chosen) ? chosen : ''}
        disabled={disabled}
        inputProps={{ 'aria-label': label }}
        sx={{ fontSize: 13 }}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </Select>
    )
  }
  const isNumber = column.type === 'number'
  return (
    <LocalTextField
      value={value}
      onChange={onChange}
      type={isNumber ? 'number' : 'text'}
      parse={isNumber ? parseNumber : undefined}
      disabled={disabled}
      slotProps={{ htmlInput: { 'aria-label': label } }}
    />
  )
}
