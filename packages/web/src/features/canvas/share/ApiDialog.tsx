import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { readOverrideSetting, type Flow } from '@weft/core'
import { useId, useMemo, useState } from 'react'
import CodeBlock from './CodeBlock'
import { parseFlowData } from '../store/openFlow'
import { parseConfig } from './configForm'
import { exampleInputs } from './exampleInputs'
import { buildSnippet, predictionUrl, SNIPPET_LANGUAGES, type SnippetLanguage } from './snippets'
import { useBoundKey } from './useApiKeys'

/** Copyable code that calls the saved flow's prediction API, as JSON or as a stream of events. */
export default function ApiDialog({ record, onClose }: { record: Flow; onClose: () => void }) {
  const titleId = useId()
  const [language, setLanguage] = useState<SnippetLanguage>('curl')
  const [streaming, setStreaming] = useState(false)
  const apiKey = useBoundKey(record.apikeyid)
  const inputs = useMemo(
    () => exampleInputs(parseFlowData(record.flowData), readOverrideSetting(parseConfig(record.apiConfig))),
    [record.flowData, record.apiConfig],
  )
  const origin = window.location.origin
  const code = buildSnippet(language, { origin, flowId: record.id, apiKey, inputs, streaming })
  const label = SNIPPET_LANGUAGES.find((item) => item.language === language)!.label

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Call {record.name} from code</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            POST {predictionUrl(origin, record.id)}
          </Typography>
          <AccessNote record={record} apiKey={apiKey} />
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Tabs value={language} onChange={(_, value: SnippetLanguage) => setLanguage(value)} aria-label="Language">
              {SNIPPET_LANGUAGES.map((item) => (
                <Tab key={item.language} value={item.language} label={item.label} />
              ))}
            </Tabs>
            <FormControlLabel
              control={<Switch checked={streaming} onChange={(event) => setStreaming(event.target.checked)} />}
              label="Streaming"
            />
          </Stack>
          <CodeBlock code={code} label={`${label} example`} />
          {inputs.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              overrideConfig changes node inputs for one call, by input name; the example shows {inputs.length} of the
              inputs this flow allows (Configuration → Security).
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}

function AccessNote({ record, apiKey }: { record: Flow; apiKey: { name: string } | null }) {
  if (apiKey)
    return (
      <Alert severity="info">
        Calls need the API key {apiKey.name ? `“${apiKey.name}”` : 'bound to this flow'}. The key is shown only once,
        when it is created: paste it where the code says &lt;your API key&gt;.
      </Alert>
    )
  if (record.isPublic) return <Alert severity="info">The flow is public: anyone can call it without a key.</Alert>
  return (
    <Alert severity="warning">
      No API key is bound and the flow is not public, so calls from code are refused (401). Bind an API key or make the
      flow public in Configuration.
    </Alert>
  )
}
