import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { VARIABLE_NAME_PATTERN, type NewVariable, type Variable, type VariableType } from '@weft/core'
import { useId } from 'react'
import FormField from '../../components/form/FormField'
import { useForm } from '../../components/form/useForm'
import { setFieldValue } from '../credentials/setFieldValue'
import { variableNameRules } from './variableRules'
import VarUsage from './VarUsage'

interface VariableDialogProps {
  /** The variable being edited; absent when adding. */
  variable?: Variable | undefined
  /** Sends the variable; a thrown error (a taken name) is shown in the form. The caller closes the dialog. */
  onSubmit: (body: NewVariable) => Promise<void>
  onClose: () => void
}

const TYPE_HELP: Record<VariableType, string> = {
  static: 'The value is stored here and used as it is.',
  runtime: 'The value is read from the server’s environment variable of the same name each time a flow runs.',
}

/** Adds a variable or changes one: name, type and, for static variables, the value. */
export default function VariableDialog({ variable, onSubmit, onClose }: VariableDialogProps) {
  const titleId = useId()
  const typeLabelId = useId()
  const form = useForm({
    initial: { name: variable?.name ?? '', type: variable?.type ?? 'static', value: variable?.value ?? '' },
    rules: { name: variableNameRules },
    onSubmit: ({ name, type, value }) =>
      onSubmit({ name: name.trim(), type: type as VariableType, value: type === 'runtime' ? '' : value }),
  })
  const name = form.values.name.trim()
  const type = form.values.type as VariableType
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <DialogTitle id={titleId}>{variable ? `Edit ${variable.name}` : 'Add Variable'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.25} sx={{ pt: 1 }}>
            <FormField {...form.field('name')} label="Name" autoFocus helperText="Letters, digits and underscores." />
            <Box>
              <Typography id={typeLabelId} variant="subtitle2" sx={{ mb: 0.75 }}>
                Type
              </Typography>
              <ToggleButtonGroup
                exclusive
                size="small"
                color="primary"
                value={type}
                aria-labelledby={typeLabelId}
                onChange={(_event, next: VariableType | null) => {
                  if (next) setFieldValue(form.field('type'), next)
                }}
              >
                <ToggleButton value="static">Static</ToggleButton>
                <ToggleButton value="runtime">Runtime</ToggleButton>
              </ToggleButtonGroup>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
                {TYPE_HELP[type]}
              </Typography>
            </Box>
            {type === 'static' && <FormField {...form.field('value')} label="Value" />}
            {VARIABLE_NAME_PATTERN.test(name) && (
              <Typography variant="body2" color="text.secondary" component="div">
                Use it in any text input of a flow as <VarUsage name={name} />
              </Typography>
            )}
            {form.formError && <Alert severity="error">{form.formError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={form.submitting}>
            {variable ? 'Save' : 'Add'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
