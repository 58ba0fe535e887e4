import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { TRACING_PROVIDER_INFO, type AnalyticSetting, type InputParam, type TracingProvider } from '@weft/core'
import CredentialInput from '../node/inputs/CredentialInput'

interface TracingProviderSectionProps {
  provider: TracingProvider
  setting: AnalyticSetting
  onChange: (patch: AnalyticSetting) => void
}

const SUMMARY: Record<TracingProvider, string> = {
  langSmith: 'Runs appear in a LangSmith project, the model calls with their token counts.',
  langFuse: 'Runs appear as traces in your Langfuse project, sent over OpenTelemetry.',
  arizePhoenix: 'Runs appear as traces in Phoenix, sent over OpenTelemetry.',
  openTelemetry: 'Runs go to any OpenTelemetry collector that takes OTLP over HTTP as JSON.',
}

/** One place runs can be traced to: its switch, the credential it sends with and, for some, a project. */
export default function TracingProviderSection({ provider, setting, onChange }: TracingProviderSectionProps) {
  const { label, credentialName, hasProject } = TRACING_PROVIDER_INFO[provider]
  const on = setting.status === true
  // The credential picker of node inputs, for this provider's credential type.
  const credentialParam: InputParam = {
    label: `${label} credential`,
    name: 'credential',
    type: 'credential',
    credentialNames: [credentialName],
  }
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ p: 2 }}>
      <FormControlLabel
        control={<Switch checked={on} onChange={(event) => onChange({ status: event.target.checked })} />}
        label={`Trace runs to ${label}`}
      />
      <Typography variant="body2" color="text.secondary">
        {SUMMARY[provider]}
      </Typography>
      {on && (
        <Stack spacing={2} sx={{ mt: 2 }}>
          {/* The picker's "Create new" opens a form whose submit would bubble (through React's tree)
              to the configuration dialog's form and save it; it stops here. */}
          <div onSubmit={(event) => event.stopPropagation()}>
            <CredentialInput
              param={credentialParam}
              value={setting.credentialId ?? ''}
              onChange={(value) => onChange({ credentialId: typeof value === 'string' ? value : undefined })}
              nodeId=""
              nodeName=""
              inputs={{}}
            />
            {!setting.credentialId && (
              <FormHelperText error>Choose a credential, or switch {label} off, before saving.</FormHelperText>
            )}
          </div>
          {hasProject && (
            <TextField
              label="Project name"
              value={setting.projectName ?? ''}
              placeholder="default"
              helperText="Where the runs are filed; empty means the default project."
              onChange={(event) => onChange({ projectName: event.target.value })}
              size="small"
            />
          )}
        </Stack>
      )}
    </Paper>
  )
}
