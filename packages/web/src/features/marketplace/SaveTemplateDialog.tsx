import Alert from '@mui/material/Alert'
import Autocomplete from '@mui/material/Autocomplete'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useId, useState } from 'react'
import type { TemplateDetails } from '../../api/marketplace'
import FormField from '../../components/form/FormField'
import { useForm } from '../../components/form/useForm'
import { required } from '../../components/form/validators'

interface SaveTemplateDialogProps {
  /** What is saved, for the title: "flow" or "tool". */
  what: string
  defaultName: string
  /** Saves the template; a thrown error is shown in the form. The caller closes the dialog. */
  onSave: (details: TemplateDetails) => Promise<void>
  onClose: () => void
}

/** Use cases a team is likely to file templates under; any other can be typed. */
const SUGGESTED_USECASES = ['Customer Support', 'Documents QnA', 'Agent', 'Extraction', 'Hierarchical Agent Teams']

/** "Save as template": name, description, badge and use cases of a template made from a flow or a tool. */
export default function SaveTemplateDialog({ what, defaultName, onSave, onClose }: SaveTemplateDialogProps) {
  const titleId = useId()
  const usecasesId = useId()
  const [usecases, setUsecases] = useState<string[]>([])
  const form = useForm({
    initial: { name: defaultName, description: '', badge: '' },
    rules: { name: [required('Template Name')] },
    onSubmit: ({ name, description, badge }) =>
      onSave({ name: name.trim(), description: description.trim(), badge: badge.trim().toUpperCase(), usecases }),
  })
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <DialogTitle id={titleId}>Save {what} as template</DialogTitle>
        <DialogContent>
          <Stack spacing={2.25} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              The template keeps the {what} as it is saved now, without credentials, passwords or files. It appears
              under My Templates in the marketplace.
            </Typography>
            <FormField {...form.field('name')} label="Template Name" autoFocus />
            <FormField {...form.field('description')} label="Description" />
            <FormField {...form.field('badge')} label="Badge" helperText="A short marker on the card, e.g. NEW." />
            <Box>
              <Typography component="label" htmlFor={usecasesId} variant="subtitle2" sx={{ display: 'block', mb: 0.75 }}>
                Use cases
              </Typography>
              <Autocomplete
                multiple
                freeSolo
                id={usecasesId}
                options={SUGGESTED_USECASES}
                value={usecases}
                onChange={(_event, next) => setUsecases(next.map((item) => item.trim()).filter(Boolean))}
                renderValue={(values, getItemProps) =>
                  values.map((option, index) => {
                    const { key, ...props } = getItemProps({ index })
                    return <Chip key={key} label={option} size="small" {...props} />
                  })
                }
                renderInput={(params) => (
                  <TextField {...params} size="small" placeholder="Type and press Enter" />
                )}
              />
            </Box>
            {form.formError && <Alert severity="error">{form.formError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={form.submitting}>
            Save template
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
