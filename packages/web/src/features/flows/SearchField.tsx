import Search from '@mui/icons-material/Search'
import InputAdornment from '@mui/material/InputAdornment'
import TextField from '@mui/material/TextField'

interface SearchFieldProps {
  value: string
  onChange: (value: string) => void
  label: string
  placeholder: string
}

/** A search box; Escape clears it. */
export default function SearchField({ value, onChange, label, placeholder }: SearchFieldProps) {
  return (
    <TextField
      type="search"
      size="small"
      value={value}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onChange('')
      }}
      sx={{ flexGrow: 1, minWidth: 0, maxWidth: { sm: 420 } }}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  )
}
