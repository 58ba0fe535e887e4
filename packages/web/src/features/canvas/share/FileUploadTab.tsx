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
import { FILE_MAX_MB_LIMIT, READABLE_FILE_TYPES } from '@weft/core'
import type { ConfigTabProps } from './useConfigForm'

/** Whether chat users may attach whole files, of which types and how large; their text goes with the question. */
export default function FileUploadTab({ form, update, errors }: ConfigTabProps) {
  const toggleType = (mime: string, checked: boolean) =>
    update({
      fileTypes: checked
        ? READABLE_FILE_TYPES.map((choice) => choice.mime).filter(
            (type) => type === mime || form.fileTypes.includes(type),
          )
        : form.fileTypes.filter((type) => type !== mime),
    })
  return (
    <Stack spacing={2.5}>
      <div>
        <FormControlLabel
          control={
            <Switch checked={form.fileUploadOn} onChange={(event) => update({ fileUploadOn: event.target.checked })} />
          }
          label="Allow file uploads"
        />
        <Typography variant="body2" color="text.secondary">
          The chat shows an attach button. The text of each attached file is sent to the flow with the question. Images
          are taken when a chat model of the flow has Allow Image Uploads on.
        </Typography>
      </div>
      {form.fileUploadOn && (
        <>
          <FormControl error={Boolean(errors.fileTypes)} component="fieldset">
            <FormLabel component="legend">Types of file</FormLabel>
            <FormGroup row>
              {READABLE_FILE_TYPES.map((choice) => (
                <FormControlLabel
                  key={choice.mime}
                  control={
                    <Checkbox
                      checked={form.fileTypes.includes(choice.mime)}
                      onChange={(event) => toggleType(choice.mime, event.target.checked)}
                    />
                  }
                  label={choice.label}
                />
              ))}
            </FormGroup>
            {errors.fileTypes && <FormHelperText>{errors.fileTypes}</FormHelperText>}
          </FormControl>
          <TextField
            label="Largest file (MB)"
            value={form.fileMaxMb}
            onChange={(event) => update({ fileMaxMb: event.target.value })}
            error={Boolean(errors.fileMaxMb)}
            helperText={errors.fileMaxMb ?? `Up to ${FILE_MAX_MB_LIMIT} MB; larger files are refused with a message.`}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            size="small"
            sx={{ maxWidth: 260 }}
          />
        </>
      )}
    </Stack>
  )
}
