import AddOutlined from '@mui/icons-material/AddOutlined'
import DeleteOutline from '@mui/icons-material/DeleteOutline'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'

interface ListFieldProps {
  /** Names one row: "Starter prompt" labels the rows "Starter prompt 1", "Starter prompt 2", … */
  itemLabel: string
  values: string[]
  onChange: (values: string[]) => void
  placeholder?: string
  errorOf?: (index: number) => string | undefined
}

/** A list of short texts the user can add to, edit and remove from. */
export default function ListField({ itemLabel, values, onChange, placeholder, errorOf }: ListFieldProps) {
  const set = (index: number, value: string) => onChange(values.map((item, at) => (at === index ? value : item)))
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      {values.map((value, index) => {
        const error = errorOf?.(index)
        return (
          <Stack key={index} direction="row" spacing={1} sx={{ width: '100%', alignItems: 'flex-start' }}>
            <TextField
              label={`${itemLabel} ${index + 1}`}
              value={value}
              placeholder={placeholder}
              onChange={(event) => set(index, event.target.value)}
              error={Boolean(error)}
              helperText={error}
              size="small"
              fullWidth
            />
            <IconButton
              aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`}
              onClick={() => onChange(values.filter((_, at) => at !== index))}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Stack>
        )
      })}
      <Button size="small" startIcon={<AddOutlined />} onClick={() => onChange([...values, ''])}>
        Add {itemLabel.toLowerCase()}
      </Button>
    </Stack>
  )
}
