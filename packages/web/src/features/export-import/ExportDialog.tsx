import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Divider from '@mui/material/Divider'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import Grid from '@mui/material/Grid'
import { useState } from 'react'
import LoadingDialog from '../../components/LoadingDialog'
import { ALL_EXPORT_FLAGS, EXPORT_TYPES, type ExportFlag } from '@weft/core'
import { useExport } from './useExport'

interface ExportDialogProps {
  open: boolean
  onClose: () => void
}

/** Choose what to export; at least one type is needed. */
export default function ExportDialog({ open, onClose }: ExportDialogProps) {
  const [chosen, setChosen] = useState<ExportFlag[]>(ALL_EXPORT_FLAGS)
  const { exporting, run } = useExport(onClose)
  const allChosen = chosen.length === ALL_EXPORT_FLAGS.length
  const toggle = (flag: ExportFlag) =>
    setChosen((current) => (current.includes(flag) ? current.filter((f) => f !== flag) : [...current, flag]))

  return (
    <>
      <Dialog open={open && !exporting} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="export-dialog-title">
        <DialogTitle id="export-dialog-title">Export</DialogTitle>
        <DialogContent>
          <FormControlLabel
            label="Select all"
            control={
              <Checkbox
                checked={allChosen}
                indeterminate={chosen.length > 0 && !allChosen}
                onChange={() => setChosen(allChosen ? [] : ALL_EXPORT_FLAGS)}
              />
            }
          />
          <Divider sx={{ my: 1 }} />
          <Grid container columnSpacing={2}>
            {EXPORT_TYPES.map(({ label, flag }) => (
              <Grid key={flag} size={{ xs: 12, sm: 6 }}>
                <FormControlLabel
                  label={label}
                  control={<Checkbox checked={chosen.includes(flag)} onChange={() => toggle(flag)} />}
                />
              </Grid>
            ))}
          </Grid>
          {chosen.length === 0 && <FormHelperText error>Choose at least one type to export.</FormHelperText>}
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="contained" disabled={chosen.length === 0} onClick={() => void run(chosen)}>
            Export
          </Button>
        </DialogActions>
      </Dialog>
      <LoadingDialog open={exporting} message="Exporting..." />
    </>
  )
}
