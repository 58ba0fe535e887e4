import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ExecutedStep, Execution } from '@weft/core'
import type { ReactNode } from 'react'
import { fullDate } from '../flows/fromNow'
import ExecutionStateChip from './ExecutionStateChip'
import { executionDuration, formatDuration } from './executionTime'
import { totalUsage } from './stepUsage'

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack spacing={0.25} sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  )
}

/** The facts of a run at a glance: its state, when, how long, which session, how many tokens. */
export default function ExecutionSummary({ execution, steps }: { execution: Execution; steps: ExecutedStep[] }) {
  const duration = executionDuration(execution)
  const usage = totalUsage(steps)
  return (
    <Stack component="dl" direction="row" useFlexGap flexWrap="wrap" columnGap={4} rowGap={1.5} sx={{ m: 0 }}>
      <Fact label="State">
        <ExecutionStateChip execution={execution} />
      </Fact>
      <Fact label="Started">{fullDate(execution.createdDate)}</Fact>
      <Fact label="Duration">{duration === undefined ? 'Still running' : formatDuration(duration)}</Fact>
      <Fact label="Steps">{steps.length}</Fact>
      {usage && <Fact label="Tokens">{usage.total_tokens.toLocaleString()}</Fact>}
      {execution.sessionId && (
        <Fact label="Session">
          <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>
            {execution.sessionId}
          </Typography>
        </Fact>
      )}
    </Stack>
  )
}
