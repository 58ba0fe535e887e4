import Refresh from '@mui/icons-material/Refresh'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Chip from '@mui/material/Chip'
import CircularProgress from '@mui/material/CircularProgress'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { errorMessage, type ApiKey, type Flow, type FlowType } from '@weft/core'
import { useId, useState } from 'react'
import { matchesText } from '../../components/list/matchesText'
import type { useBindableFlows } from './useBindableFlows'

const TYPE_LABELS: Record<FlowType, string> = {
  CHATFLOW: 'Chatflow',
  AGENTFLOW: 'Agentflow V2',
  MULTIAGENT: 'Sequential agents',
  ASSISTANT: 'Assistant',
}

// Below this many flows a filter field is more clutter than help.
const FILTER_FROM = 8

interface FlowPickerProps {
  /** The key being edited, or null for a new one. */
  keyId: string | null
  /** The workspace's keys, to name the one a flow is bound to now. */
  keys: readonly ApiKey[]
  bindable: ReturnType<typeof useBindableFlows>
  chosen: ReadonlySet<string>
  onToggle: (flowId: string, chosen: boolean) => void
}

/** What to say under a flow: which key holds it now, or why it cannot be changed. */
function hintOf(flow: Flow, props: FlowPickerProps, mayChange: boolean): string | undefined {
  if (!mayChange) return 'You do not have permission to change this flow’s API key.'
  if (!flow.apikeyid || flow.apikeyid === props.keyId) return undefined
  const holder = props.keys.find((key) => key.id === flow.apikeyid)?.keyName ?? 'another key'
  return props.chosen.has(flow.id)
    ? `Moves from ${holder} to this key: a flow holds one key.`
    : `Bound to ${holder}. Choosing it moves it to this key.`
}

function FlowOption({ flow, props }: { flow: Flow; props: FlowPickerProps }) {
  const hintId = useId()
  const mayChange = props.bindable.mayChange(flow)
  const checked = props.chosen.has(flow.id)
  const hint = hintOf(flow, props, mayChange)
  return (
    <FormControlLabel
      sx={{ mx: 0, px: 1, py: 0.5, alignItems: 'flex-start', display: 'flex' }}
      control={
        <Checkbox
          size="small"
          checked={checked}
          disabled={!mayChange}
          onChange={(event) => props.onToggle(flow.id, event.target.checked)}
          sx={{ p: 0.5, mr: 1 }}
          slotProps={{ input: { 'aria-label': flow.name, 'aria-describedby': hint ? hintId : undefined } }}
        />
      }
      label={
        <Box sx={{ pt: 0.5 }}>
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {flow.name}
            </Typography>
            <Chip label={TYPE_LABELS[flow.type]} size="small" variant="outlined" />
          </Stack>
          {hint && (
            <Typography
              id={hintId}
              variant="caption"
              color={checked && mayChange ? 'warning.main' : 'text.secondary'}
              sx={{ display: 'block' }}
            >
              {hint}
            </Typography>
          )}
        </Box>
      }
    />
  )
}

/** Checkboxes of the workspace's flows: the chosen ones are bound to the key when the dialog saves. */
export default function FlowPicker(props: FlowPickerProps) {
  const labelId = useId()
  const [filter, setFilter] = useState('')
  const { canView, flows, isPending, error, refetch } = props.bindable

  const body = !canView ? (
    <Alert severity="info">You need permission to see chatflows or agentflows to bind this key to them.</Alert>
  ) : isPending ? (
    <Stack direction="row" spacing={1} alignItems="center" role="status" sx={{ py: 1 }}>
      <CircularProgress size={16} />
      <Typography variant="body2" color="text.secondary">
        Loading flows…
      </Typography>
    </Stack>
  ) : error ? (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" startIcon={<Refresh />} onClick={() => void refetch()}>
          Retry
        </Button>
      }
    >
      Could not load the flows, so saving leaves the key’s flows as they are: {errorMessage(error)}
    </Alert>
  ) : flows.length === 0 ? (
    <Typography variant="body2" color="text.secondary">
      No chatflows or agentflows yet: create one, then bind this key to it.
    </Typography>
  ) : (
    <Stack spacing={1}>
      {flows.length >= FILTER_FROM && (
        <TextField
          label="Filter flows"
          size="small"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      )}
      <Box
        role="group"
        aria-labelledby={labelId}
        sx={{ maxHeight: 280, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, py: 0.5 }}
      >
        {flows
          .filter((flow) => matchesText([flow.name, TYPE_LABELS[flow.type]], filter))
          .map((flow) => (
            <FlowOption key={flow.id} flow={flow} props={props} />
          ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {flows.filter((flow) => props.chosen.has(flow.id)).length} of {flows.length} flows chosen
      </Typography>
    </Stack>
  )

  return (
    <Box>
      <Typography id={labelId} component="div" variant="subtitle2" sx={{ mb: 0.25 }}>
        Flows
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Programs that send this key may call the flows you choose, even when they are not public.
      </Typography>
      {body}
    </Box>
  )
}
