import FormControlLabel from '@mui/material/FormControlLabel'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { useId } from 'react'
import SettingsSection from './SettingsSection'

interface RecordManagerSectionProps {
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
}

/** Whether upserts go through the record manager, which remembers what each one wrote. */
export default function RecordManagerSection({ checked, onChange, disabled }: RecordManagerSectionProps) {
  const explanationId = useId()
  return (
    <SettingsSection title="Record Manager">
      <FormControlLabel
        label="Skip unchanged chunks"
        control={
          <Switch
            checked={checked}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': explanationId } }}
          />
        }
      />
      <Typography id={explanationId} variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        Remembers what each upsert wrote, so the next one embeds only new and changed chunks and removes the vectors of
        deleted ones.
      </Typography>
    </SettingsSection>
  )
}
