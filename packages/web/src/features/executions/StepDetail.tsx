import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline'
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ExecutedStep, StepOutput } from '@weft/core'
import type { ReactNode } from 'react'
import MessageText from '../chat/MessageText'
import SourceDocumentChips from '../chat/SourceDocumentChips'
import { formatDuration } from './executionTime'
import JsonTree from './JsonTree'
import StepStatusIcon from './StepStatusIcon'
import ToolCallCards from './ToolCallCards'
import ValueView from './ValueView'

// Output fields drawn on their own; whatever else a step returns shows in the tree below them.
const DRAWN = new Set(['content', 'timeMetadata', 'usageMetadata', 'usedTools', 'sourceDocuments', 'conditions'])

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="overline" component="h4" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  )
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ px: 1.5, py: 1, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 96 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" fontWeight={600} sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  )
}

function StepStats({ output }: { output: StepOutput }) {
  const time = output.timeMetadata
  const usage = output.usageMetadata
  if (!time && !usage) return null
  return (
    <Stack
      component="dl"
      direction="row"
      spacing={1}
      useFlexGap
      flexWrap="wrap"
      role="group"
      aria-label="Time and tokens"
      sx={{ m: 0 }}
    >
      {time && <Stat label="Time" value={formatDuration(time.delta)} />}
      {usage && <Stat label="Input tokens" value={usage.input_tokens.toLocaleString()} />}
      {usage && <Stat label="Output tokens" value={usage.output_tokens.toLocaleString()} />}
      {usage && <Stat label="Total tokens" value={usage.total_tokens.toLocaleString()} />}
    </Stack>
  )
}

function Conditions({ conditions }: { conditions: NonNullable<StepOutput['conditions']> }) {
  return (
    <Stack direction="row" spacing={0.75} useFlexGap flexWrap="wrap">
      {conditions.map((condition, index) => (
        <Chip
          key={index}
          size="small"
          variant="outlined"
          color={condition.isFulfilled ? 'success' : 'default'}
          icon={condition.isFulfilled ? <CheckCircleOutline /> : <RadioButtonUnchecked />}
          label={`${condition.output}${condition.isFulfilled ? ': taken' : ': not taken'}`}
        />
      ))}
    </Stack>
  )
}

function StepOutputView({ output, running }: { output: StepOutput; running: boolean }) {
  const rest = Object.fromEntries(Object.entries(output).filter(([key]) => !DRAWN.has(key)))
  const hasContent = typeof output.content === 'string' && output.content !== ''
  const parts = [
    hasContent,
    !!output.usedTools?.length,
    !!output.sourceDocuments?.length,
    !!output.conditions?.length,
    Object.keys(rest).length > 0,
  ]
  if (!parts.some(Boolean))
    return (
      <Typography variant="body2" color="text.secondary">
        {running ? 'This step is still running.' : 'This step gave no output.'}
      </Typography>
    )
  return (
    <Stack spacing={1.5}>
      {hasContent && (
        <Box sx={{ typography: 'body2', p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
          <MessageText text={output.content!} />
        </Box>
      )}
      {!!output.conditions?.length && <Conditions conditions={output.conditions} />}
      {!!output.usedTools?.length && <ToolCallCards tools={output.usedTools} />}
      {!!output.sourceDocuments?.length && <SourceDocumentChips documents={output.sourceDocuments} />}
      {Object.keys(rest).length > 0 && <JsonTree value={rest} label="Other output" />}
    </Stack>
  )
}

/** One recorded step: how it went, what it was given, what it gave, and the flow state after it. */
export default function StepDetail({ step }: { step: ExecutedStep }) {
  const data = step.data ?? { input: {}, output: {}, state: {} }
  const output = data.output ?? {}
  const state = data.state ?? {}
  return (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 0 }}>
          <StepStatusIcon status={step.status} />
          <Typography variant="h5" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {step.nodeLabel}
          </Typography>
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {[step.nodeId, data.name].filter(Boolean).join(' · ')}
        </Typography>
        <StepStats output={output} />
      </Stack>
      {data.error && (
        <Alert severity="error" sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}>
          {data.error}
        </Alert>
      )}
      <Section title="Input">
        <ValueView value={data.input ?? {}} label="Step input" />
      </Section>
      <Section title="Output">
        <StepOutputView output={output} running={step.status === 'INPROGRESS'} />
      </Section>
      {Object.keys(state).length > 0 && (
        <Section title="Flow state">
          <JsonTree value={state} label="Flow state after this step" openDepth={1} />
        </Section>
      )}
    </Stack>
  )
}
