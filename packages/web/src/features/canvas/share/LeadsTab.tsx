import Checkbox from '@mui/material/Checkbox'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { ConfigForm } from './configForm'
import type { ConfigTabProps } from './useConfigForm'

const ASKED: { field: keyof ConfigForm; label: string }[] = [
  { field: 'leadsName', label: 'Name' },
  { field: 'leadsEmail', label: 'Email' },
  { field: 'leadsPhone', label: 'Phone' },
]

/** Whether the chatbot asks for contact details before the first question, and which. */
export default function LeadsTab({ form, update, errors }: ConfigTabProps) {
  return (
    <Stack spacing={2.5}>
      <div>
        <FormControlLabel
          control={<Switch checked={form.leadsOn} onChange={(event) => update({ leadsOn: event.target.checked })} />}
          label="Ask for contact details"
        />
        <Typography variant="body2" color="text.secondary">
          The chatbot asks for them before the conversation starts; they are listed with the flow&apos;s leads.
        </Typography>
      </div>
      {form.leadsOn && (
        <>
          <TextField
            label="Form title"
            value={form.leadsTitle}
            placeholder="Let us know where to reach you"
            onChange={(event) => update({ leadsTitle: event.target.value })}
            size="small"
          />
          <FormControl error={Boolean(errors.leads)} component="fieldset">
            <FormLabel component="legend">Ask for</FormLabel>
            <FormGroup row>
              {ASKED.map(({ field, label }) => (
                <FormControlLabel
                  key={field}
                  control={
                    <Checkbox
                      checked={form[field] as boolean}
                      onChange={(event) => update({ [field]: event.target.checked })}
                    />
                  }
                  label={label}
                />
              ))}
            </FormGroup>
            {errors.leads && <FormHelperText>{errors.leads}</FormHelperText>}
          </FormControl>
          <TextField
            label="Success message"
            value={form.leadsSuccessMessage}
            placeholder="Thank you!"
            onChange={(event) => update({ leadsSuccessMessage: event.target.value })}
            size="small"
          />
        </>
      )}
    </Stack>
  )
}
