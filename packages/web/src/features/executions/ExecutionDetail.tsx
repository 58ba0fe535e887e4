import AccountTree from '@mui/icons-material/AccountTreeOutlined'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import type { ExecutedStep, Execution } from '@weft/core'
import { useMemo, useState, type ReactNode } from 'react'
import EmptyState from '../../components/EmptyState'
import ExecutionSummary from './ExecutionSummary'
import { parseSteps } from './parseSteps'
import StepDetail from './StepDetail'
import { buildStepTree } from './stepTree'
import StepTree from './StepTree'

// The step worth reading first: where the run failed, otherwise where it ended.
function firstShown(steps: ExecutedStep[]): number | undefined {
  if (steps.length === 0) return undefined
  const failed = steps.findIndex((step) => step.status === 'ERROR')
  return failed === -1 ? steps.length - 1 : failed
}

interface ExecutionDetailProps {
  execution: Execution
  /** Controls beside the facts (share, resume, delete); none on the public page. */
  actions?: ReactNode
}

/** One execution: its facts and error, then its steps as a tree beside the chosen step's detail. */
export default function ExecutionDetail({ execution, actions }: ExecutionDetailProps) {
  const parsed = useMemo(() => parseSteps(execution.executionData), [execution.executionData])
  const steps = useMemo(() => parsed ?? [], [parsed])
  const tree = useMemo(() => buildStepTree(steps), [steps])
  const [chosen, setChosen] = useState<number | undefined>()
  const selected = chosen !== undefined && chosen < steps.length ? chosen : firstShown(steps)
  const step = selected === undefined ? undefined : steps[selected]

  return (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        alignItems={{ xs: 'stretch', md: 'flex-start' }}
        justifyContent="space-between"
      >
        <ExecutionSummary execution={execution} steps={steps} />
        {actions && <Box sx={{ flexShrink: 0 }}>{actions}</Box>}
      </Stack>
      {execution.error && (
        <Alert severity={execution.state === 'TIMEOUT' ? 'warning' : 'error'} sx={{ overflowWrap: 'anywhere' }}>
          {execution.error}
        </Alert>
      )}
      {execution.interrupted && (
        <Alert severity="info">
          The server stopped before this run finished. Resuming continues it from its last step.
        </Alert>
      )}
      {parsed === undefined ? (
        <Alert severity="warning">The steps of this execution could not be read.</Alert>
      ) : steps.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            icon={AccountTree}
            title="No steps recorded"
            description="This run has not reached its first step."
          />
        </Paper>
      ) : (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="stretch">
          <Paper
            variant="outlined"
            sx={{
              width: { xs: '100%', md: 300 },
              flexShrink: 0,
              alignSelf: 'flex-start',
              // The tree stays in view while a long step scrolls beside it.
              position: { md: 'sticky' },
              top: { md: 96 },
              maxHeight: { md: 'calc(100vh - 120px)' },
              overflowY: 'auto',
            }}
          >
            <StepTree tree={tree} selected={selected} onSelect={setChosen} />
          </Paper>
          <Paper variant="outlined" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 2.5 } }}>
            {step && <StepDetail key={selected} step={step} />}
          </Paper>
        </Stack>
      )}
    </Stack>
  )
}
