import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import SearchField from '../flows/SearchField'
import TypeFilter from '../flows/TypeFilter'
import { TEMPLATE_TYPE_LABELS, type TemplateFilter, type TemplateType } from './templateFilter'

const TYPE_OPTIONS = (Object.keys(TEMPLATE_TYPE_LABELS) as TemplateType[]).map((value) => ({
  value,
  label: TEMPLATE_TYPE_LABELS[value],
}))

interface TemplateFiltersProps {
  filter: TemplateFilter
  onChange: (filter: TemplateFilter) => void
  usecases: string[]
}

const toggled = (list: string[], value: string) =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value]

/** Search, type, and use cases (several may be chosen). */
export default function TemplateFilters({ filter, onChange, usecases }: TemplateFiltersProps) {
  return (
    <Stack spacing={2} sx={{ mb: 3 }}>
      <Stack direction="row" spacing={1.5} useFlexGap flexWrap="wrap" alignItems="center">
        <SearchField
          value={filter.search}
          onChange={(search) => onChange({ ...filter, search })}
          label="Search templates"
          placeholder="Search by name or description"
        />
        {/* On a phone the five types are wider than the screen: they scroll, not the page. */}
        <Box sx={{ maxWidth: '100%', overflowX: 'auto' }}>
          <TypeFilter
            label="Template type"
            value={filter.type}
            options={TYPE_OPTIONS}
            onChange={(type) => onChange({ ...filter, type })}
          />
        </Box>
      </Stack>
      {usecases.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          flexWrap="wrap"
          alignItems="center"
          role="group"
          aria-label="Use cases"
        >
          <Typography variant="subtitle2" color="text.secondary" sx={{ mr: 0.5 }}>
            Use cases
          </Typography>
          {usecases.map((usecase) => {
            const selected = filter.usecases.includes(usecase)
            return (
              <Chip
                key={usecase}
                label={usecase}
                size="small"
                clickable
                aria-pressed={selected}
                color={selected ? 'primary' : 'default'}
                variant={selected ? 'filled' : 'outlined'}
                onClick={() => onChange({ ...filter, usecases: toggled(filter.usecases, usecase) })}
              />
            )
          })}
        </Stack>
      )}
    </Stack>
  )
}
