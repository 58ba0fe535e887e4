import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import { isRangeReversed, type FilterChoice } from './messageFilter'

interface Option<T> {
  value: T
  label: string
}

const SOURCES: Option<FilterChoice['source']>[] = [
  { value: 'all', label: 'All' },
  { value: 'ui', label: 'UI' },
  { value: 'api', label: 'API' },
  { value: 'embed', label: 'Embed' },
]

const FEEDBACK: Option<FilterChoice['feedback']>[] = [
  { value: 'all', label: 'All' },
  { value: 'THUMBS_UP', label: 'Positive' },
  { value: 'THUMBS_DOWN', label: 'Negative' },
]

function Choice<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string
  options: Option<T>[]
  value: T
  onChange: (value: T) => void
}) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      fullWidth
      aria-label={label}
      value={value}
      // A click on the chosen button would clear the choice; there is always one.
      onChange={(_, next: T | null) => next !== null && onChange(next)}
    >
      {options.map((option) => (
        <ToggleButton key={option.value} value={option.value} sx={{ py: 0.25, textTransform: 'none' }}>
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  )
}

/** Source, date range and feedback: what the list and the export cover. */
export default function MessageFilters({
  choice,
  onChange,
}: {
  choice: FilterChoice
  onChange: (choice: FilterChoice) => void
}) {
  const update = (fields: Partial<FilterChoice>) => onChange({ ...choice, ...fields })
  const reversed = isRangeReversed(choice)
  return (
    <Stack spacing={1.5}>
      <Choice label="Source" options={SOURCES} value={choice.source} onChange={(source) => update({ source })} />
      <Stack direction="row" spacing={1}>
        <TextField
          label="From"
          type="date"
          size="small"
          fullWidth
          value={choice.from}
          onChange={(event) => update({ from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          fullWidth
          value={choice.to}
          error={reversed}
          helperText={reversed ? 'The end is before the start.' : undefined}
          onChange={(event) => update({ to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <Choice
        label="Feedback"
        options={FEEDBACK}
        value={choice.feedback}
        onChange={(feedback) => update({ feedback })}
      />
    </Stack>
  )
}
