import Add from '@mui/icons-material/Add'
import Close from '@mui/icons-material/Close'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import TextField from '@mui/material/TextField'
import { compactInput } from '../canvas/node/inputs/fieldStyle'
import type { MetadataRow } from './loaderSettings'

interface MetadataRowsProps {
  rows: MetadataRow[]
  onChange: (rows: MetadataRow[]) => void
  disabled?: boolean
}

/** Key and value pairs added to the metadata of every chunk. */
export default function MetadataRows({ rows, onChange, disabled }: MetadataRowsProps) {
  const set = (index: number, change: Partial<MetadataRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)))
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {rows.map((row, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <TextField
            size="small"
            placeholder="key"
            value={row.key}
            disabled={disabled}
            onChange={(event) => set(index, { key: event.target.value })}
            slotProps={{ htmlInput: { 'aria-label': `Metadata key ${index + 1}` } }}
            sx={{ ...compactInput, flex: 1 }}
          />
          <TextField
            size="small"
            placeholder="value"
            value={row.value}
            disabled={disabled}
            onChange={(event) => set(index, { value: event.target.value })}
            slotProps={{ htmlInput: { 'aria-label': `Metadata value ${index + 1}` } }}
            sx={{ ...compactInput, flex: 2 }}
          />
          <IconButton
            size="small"
            aria-label={`Remove metadata ${index + 1}`}
            disabled={disabled}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          >
            <Close fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<Add />}
          disabled={disabled}
          onClick={() => onChange([...rows, { key: '', value: '' }])}
        >
          Add metadata
        </Button>
      </Box>
    </Box>
  )
}
