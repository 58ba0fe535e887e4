import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import type { Flow } from '@weft/core'
import { useId, useState, type FormEvent } from 'react'
import AnalyticsTab from './AnalyticsTab'
import ApiKeyTab from './ApiKeyTab'
import ChatbotTab from './ChatbotTab'
import { CHATBOT_FIELDS, type ConfigErrors } from './configForm'
import FileUploadTab from './FileUploadTab'
import LeadsTab from './LeadsTab'
import PostProcessingTab from './PostProcessingTab'
import { RUN_SETTING_TABS } from './runSettings'
import SecurityTab from './SecurityTab'
import SpeechToTextTab from './SpeechToTextTab'
import { useConfigForm } from './useConfigForm'

export type ConfigTab =
  'chatbot' | 'security' | 'apiKey' | 'leads' | 'fileUpload' | 'speechToText' | 'postProcessing' | 'analytics'

const TABS: { tab: ConfigTab; label: string }[] = [
  { tab: 'chatbot', label: 'Chatbot' },
  { tab: 'security', label: 'Security' },
  { tab: 'apiKey', label: 'API key' },
  { tab: 'leads', label: 'Leads' },
  { tab: 'fileUpload', label: 'File upload' },
  { tab: 'speechToText', label: 'Speech to text' },
  { tab: 'postProcessing', label: 'Post-processing' },
  { tab: 'analytics', label: 'Analytics' },
]

// The tab that shows an error's field, so a refused save opens where the problem is.
const tabOfError = (field: string): ConfigTab =>
  field in RUN_SETTING_TABS
    ? RUN_SETTING_TABS[field as keyof typeof RUN_SETTING_TABS]
    : field === 'leads'
      ? 'leads'
      : CHATBOT_FIELDS.includes(field)
        ? 'chatbot'
        : 'security'

interface ConfigDialogProps {
  record: Flow
  onSaved: (flow: Flow) => void
  onClose: () => void
  /** The tab shown first, e.g. Security when the user asked for allowed domains; Chatbot unless given. */
  initialTab?: ConfigTab | undefined
}

/** The saved flow's sharing settings: chatbot appearance, who may call it, its API key, leads. */
export default function ConfigDialog({ record, onSaved, onClose, initialTab = 'chatbot' }: ConfigDialogProps) {
  const titleId = useId()
  const [tab, setTab] = useState<ConfigTab>(initialTab)
  const config = useConfigForm(record, onSaved)
  const props = { form: config.form, update: config.update, errors: config.errors }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const errors: ConfigErrors = await config.save()
    const first = Object.keys(errors)[0]
    if (first) setTab(tabOfError(first))
  }

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>Configure {record.name}</DialogTitle>
        <Tabs
          value={tab}
          onChange={(_, value: ConfigTab) => setTab(value)}
          aria-label="Configuration sections"
          sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((item) => (
            <Tab key={item.tab} value={item.tab} label={item.label} />
          ))}
        </Tabs>
        <DialogContent sx={{ minHeight: 420 }}>
          {config.serverError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {config.serverError}
            </Alert>
          )}
          <Box sx={{ pt: 1 }}>
            {tab === 'chatbot' && <ChatbotTab {...props} record={record} />}
            {tab === 'security' && <SecurityTab {...props} flowId={record.id} flowData={record.flowData} />}
            {tab === 'apiKey' && <ApiKeyTab {...props} />}
            {tab === 'leads' && <LeadsTab {...props} />}
            {tab === 'fileUpload' && <FileUploadTab {...props} />}
            {tab === 'speechToText' && <SpeechToTextTab {...props} />}
            {tab === 'postProcessing' && <PostProcessingTab {...props} />}
            {tab === 'analytics' && <AnalyticsTab {...props} />}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={config.saving}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
