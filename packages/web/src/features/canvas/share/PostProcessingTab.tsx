import Alert from '@mui/material/Alert'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { POST_PROCESSING_VARIABLES } from '@weft/core'
import LazyCodeEditor from '../../../components/code-editor/LazyCodeEditor'
import type { ConfigTabProps } from './useConfigForm'

const EXAMPLE = 'return $flow.rawOutput.replaceAll("Weft", "our assistant")'

/** The owner's JavaScript that rewrites every answer before it is stored and sent. */
export default function PostProcessingTab({ form, update, errors }: ConfigTabProps) {
  return (
    <Stack spacing={2.5}>
      <div>
        <FormControlLabel
          control={
            <Switch
              checked={form.postProcessingOn}
              onChange={(event) => update({ postProcessingOn: event.target.checked })}
            />
          }
          label="Post-process answers"
        />
        <Typography variant="body2" color="text.secondary">
          The function runs in a sandbox after the flow has answered; what it returns is the answer stored and sent.
          While it is on, answers arrive whole instead of word by word.
        </Typography>
      </div>
      <div>
        <Typography variant="subtitle2" component="p" sx={{ mb: 0.75 }}>
          Function (JavaScript)
        </Typography>
        <LazyCodeEditor
          label="Post-processing function"
          language="javascript"
          value={form.postProcessingCode}
          onChange={(postProcessingCode) => update({ postProcessingCode })}
          placeholder={EXAMPLE}
          height="200px"
        />
        {errors.postProcessingCode && <FormHelperText error>{errors.postProcessingCode}</FormHelperText>}
      </div>
      <Alert severity="info" variant="outlined">
        The function reads {POST_PROCESSING_VARIABLES.join(', ')}. It has no network or file access and stops after 1
        second; if it fails, the chat shows its error instead of the answer.
      </Alert>
    </Stack>
  )
}
