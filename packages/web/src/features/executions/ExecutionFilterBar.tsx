import FilterListOff from '@mui/icons-material/FilterListOff'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import { EXECUTION_STATES, type Flow } from '@weft/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { hasFilters, NO_FILTERS, type ExecutionFilters } from './executionFilters'
import { STATE_LABELS } from './executionStates'

// Typing a session id asks the server once the user pauses, not on every key.
const TYPING_PAUSE_MS = 350

interface ExecutionFilterBarProps {
  filters: ExecutionFilters
  onChange: (filters: ExecutionFilters) => void
  flows: Flow[]
}

/** The list's filters: which flow, which state, which days, which session. */
export default function ExecutionFilterBar({ filters, onChange, flows }: ExecutionFilterBarProps) {
  const [session, setSession] = useState(filters.sessionId)
  const sent = useRef(filters.sessionId)
  // A change from outside (Clear filters) shows in the field; the field's own sent value must not
  // overwrite what the user typed since.
  useEffect(() => {
    if (filters.sessionId === sent.current) return
    sent.current = filters.sessionId
    setSession(filters.sessionId)
  }, [filters.sessionId])

  const set = useCallback(
    (change: Partial<ExecutionFilters>) => {
      if (change.sessionId !== undefined) sent.current = change.sessionId
      onChange({ ...filters, ...change })
    },
    [filters, onChange],
  )
  useEffect(() => {
    if (session === sent.current) return
    const timer = setTimeout(() => set({ sessionId: session }), TYPING_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [session, set])
  // Phones and tablets get a grid (whole rows for flow, state and session, the dates side by side on
  // a phone); wider screens one row that wraps.
  const wholeRowOnPhones = { gridColumn: { xs: '1 / -1', sm: 'auto' } }
  const field = { size: 'small', sx: { minWidth: { md: 160 } } } as const
  // Labels sit above the field, so an empty choice reads "All flows" and the dates line up with the rest.
  const above = { inputLabel: { shrink: true } }
  const choice = { ...above, select: { displayEmpty: true } }

  return (
    <Box
      sx={{
        mb: 3,
        display: { xs: 'grid', md: 'flex' },
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
      }}
    >
      <TextField
        {...field}
        select
        label="Flow"
        value={filters.agentflowId}
        slotProps={choice}
        onChange={(event) => set({ agentflowId: event.target.value })}
        sx={{ ...wholeRowOnPhones, minWidth: { md: 200 }, maxWidth: { md: 280 } }}
      >
        <MenuItem value="">All flows</MenuItem>
        {flows.map((flow) => (
          <MenuItem key={flow.id} value={flow.id}>
            {flow.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        select
        label="State"
        value={filters.state}
        slotProps={choice}
        onChange={(event) => set({ state: event.target.value as ExecutionFilters['state'] })}
        sx={{ ...wholeRowOnPhones, minWidth: { md: 160 } }}
      >
        <MenuItem value="">All states</MenuItem>
        {EXECUTION_STATES.map((state) => (
          <MenuItem key={state} value={state}>
            {STATE_LABELS[state]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        type="date"
        label="From"
        value={filters.from}
        onChange={(event) => set({ from: event.target.value })}
        slotProps={{ ...above, htmlInput: { max: filters.to || undefined } }}
      />
      <TextField
        {...field}
        type="date"
        label="To"
        value={filters.to}
        onChange={(event) => set({ to: event.target.value })}
        slotProps={{ ...above, htmlInput: { min: filters.from || undefined } }}
      />
      <TextField
        {...field}
        label="Session ID"
        placeholder="Any session"
        value={session}
        slotProps={above}
        onChange={(event) => setSession(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && session !== sent.current) set({ sessionId: session })
        }}
        sx={{ ...wholeRowOnPhones, minWidth: { md: 220 }, flexGrow: 1, maxWidth: { md: 320 } }}
      />
      {hasFilters(filters) && (
        <Button
          startIcon={<FilterListOff />}
          onClick={() => onChange(NO_FILTERS)}
          sx={{ ...wholeRowOnPhones, justifySelf: 'start' }}
        >
          Clear filters
        </Button>
      )}
    </Box>
  )
}
