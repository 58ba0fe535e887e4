import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import {
  DEFAULT_TRANSCRIPTION_MODEL,
  OPENAI_BASE_URL,
  SPEECH_TO_TEXT_PROVIDERS,
  type InputParam,
  type SpeechToTextProvider,
} from '@weft/core'
import CredentialInput from '../node/inputs/CredentialInput'
import type { ConfigTabProps } from './useConfigForm'

const PROVIDERS = Object.entries(SPEECH_TO_TEXT_PROVIDERS) as [
  SpeechToTextProvider,
  (typeof SPEECH_TO_TEXT_PROVIDERS)[SpeechToTextProvider],
][]

/** Whether chat users may speak their question, and the transcription server that turns it into text. */
export default function SpeechToTextTab({ form, update, errors }: ConfigTabProps) {
  const provider = SPEECH_TO_TEXT_PROVIDERS[form.speechProvider]
  const credentialParam: InputParam = {
    label: 'Credential',
    name: 'speechToTextCredential',
    type: 'credential',
    credentialNames: [...provider.credentialNames],
    optional: provider.needsBaseUrl,
    description: provider.needsBaseUrl ? 'The key the server asks for, if any.' : undefined,
  }
  return (
    <Stack spacing={2.5}>
      <div>
        <FormControlLabel
          control={<Switch checked={form.speechOn} onChange={(event) => update({ speechOn: event.target.checked })} />}
          label="Speech to text"
        />
        <Typography variant="body2" color="text.secondary">
          The chat shows a microphone button. A voice message is transcribed first, and its words are the question.
        </Typography>
      </div>
      {form.speechOn && (
        <>
          <TextField
            select
            label="Transcription server"
            value={form.speechProvider}
            onChange={(event) =>
              update({ speechProvider: event.target.value as SpeechToTextProvider, speechCredentialId: '' })
            }
            helperText={
              provider.needsBaseUrl
                ? 'Any server with OpenAI’s /audio/transcriptions endpoint, such as LocalAI or a Whisper server.'
                : `Sent to ${OPENAI_BASE_URL}/audio/transcriptions.`
            }
            size="small"
          >
            {PROVIDERS.map(([name, { label }]) => (
              <MenuItem key={name} value={name}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          {provider.needsBaseUrl && (
            <TextField
              label="Base URL"
              value={form.speechBaseUrl}
              placeholder="http://localhost:8080/v1"
              onChange={(event) => update({ speechBaseUrl: event.target.value })}
              error={Boolean(errors.speechBaseUrl)}
              helperText={errors.speechBaseUrl}
              size="small"
            />
          )}
          <div>
            <CredentialInput
              key={form.speechProvider}
              param={credentialParam}
              value={form.speechCredentialId}
              onChange={(value) => update({ speechCredentialId: typeof value === 'string' ? value : '' })}
              nodeId="speechToText"
              nodeName="speechToText"
              inputs={{}}
            />
            {errors.speechCredentialId && <FormHelperText error>{errors.speechCredentialId}</FormHelperText>}
          </div>
          <Stack direction="row" spacing={2}>
            <TextField
              label="Model"
              value={form.speechModel}
              placeholder={DEFAULT_TRANSCRIPTION_MODEL}
              onChange={(event) => update({ speechModel: event.target.value })}
              helperText={`${DEFAULT_TRANSCRIPTION_MODEL} when empty`}
              size="small"
              fullWidth
            />
            <TextField
              label="Language"
              value={form.speechLanguage}
              placeholder="en"
              onChange={(event) => update({ speechLanguage: event.target.value })}
              helperText="A code like en or de; detected when empty"
              size="small"
              fullWidth
            />
          </Stack>
        </>
      )}
    </Stack>
  )
}
