import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'

interface TypeFilterProps<T extends string> {
  label: string
  value: T | 'all'
  options: { value: T; label: string }[]
  onChange: (value: T | 'all') => void
}

/** All, or one type: a row of toggle buttons. */
export default function TypeFilter<T extends string>({ label, value, options, onChange }: TypeFilterProps<T>) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      aria-label={label}
      onChange={(_, next: T | 'all' | null) => {
        if (next) onChange(next)
      }}
      sx={{ '& .MuiToggleButton-root': { px: 1.5, whiteSpace: 'nowrap' } }}
    >
      <ToggleButton value="all">All</ToggleButton>
      {options.map((option) => (
        <ToggleButton key={option.value} value={option.value}>
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  )
}
