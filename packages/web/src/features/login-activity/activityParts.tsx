import Download from '@mui/icons-material/FileDownloadOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import dayjs from 'dayjs'

// Pieces the login activity page and the audit log panel share.

/** "2 Dec 2026, 18:42:05" in the viewer's time zone. */
export const whenText = (iso: string) => dayjs(iso).format('D MMM YYYY, HH:mm:ss')

/** A user agent cut to its browser and system ("Chrome 131 · Linux"), or its first 40 characters. */
export function shortAgent(agent: string | null): string {
  if (!agent) return '—'
  const browser =
    /(Edg|OPR|Firefox|Chrome|Safari)\/(\d+)/.exec(agent.replace(/Version\/(\d+).*Safari/, 'Safari/$1')) ?? undefined
  const system = /(Windows|Mac OS X|Android|iPhone|iPad|Linux)/.exec(agent)?.[1]
  if (browser) {
    const name = { Edg: 'Edge', OPR: 'Opera' }[browser[1]!] ?? browser[1]
    return [`${name} ${browser[2]}`, system?.replace('Mac OS X', 'macOS')].filter(Boolean).join(' · ')
  }
  return agent.length > 40 ? `${agent.slice(0, 40)}…` : agent
}

/** The shortened agent, the whole text on hover. */
export function AgentText({ agent }: { agent: string | null }) {
  return (
    <Tooltip title={agent ?? ''} disableHoverListener={!agent}>
      <Box component="span" sx={{ color: 'text.secondary' }} aria-label={agent ?? undefined}>
        {shortAgent(agent)}
      </Box>
    </Tooltip>
  )
}

export interface DateRange {
  startDate: string
  endDate: string
}

/** From and To day pickers (YYYY-MM-DD, inclusive). */
export function DateRangeFields({ value, onChange }: { value: DateRange; onChange: (next: DateRange) => void }) {
  const backwards = value.startDate !== '' && value.endDate !== '' && value.endDate < value.startDate
  return (
    <>
      <TextField
        type="date"
        size="small"
        label="From"
        value={value.startDate}
        onChange={(e) => onChange({ ...value, startDate: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: { xs: '100%', sm: 170 } }}
      />
      <TextField
        type="date"
        size="small"
        label="To"
        value={value.endDate}
        error={backwards}
        helperText={backwards ? 'Must not be before From' : undefined}
        onChange={(e) => onChange({ ...value, endDate: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: { xs: '100%', sm: 170 } }}
      />
    </>
  )
}

/** Downloads the CSV of every match (the session cookie goes with the link). */
export function ExportCsvButton({ href, disabled }: { href: string; disabled?: boolean }) {
  return (
    <Button variant="outlined" startIcon={<Download />} href={href} download disabled={disabled}>
      Export CSV
    </Button>
  )
}

/** An e-mail that breaks before the @ first on narrow screens, not inside a word. */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@')
  if (at <= 0) return <>{email}</>
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  )
}

/** Shown only on phones, where a column of its own would leave the others no room. */
export const phoneOnly = { display: { xs: 'block', sm: 'none' } } as const
export const fromTablet = { display: { xs: 'none', sm: 'table-cell' } } as const

/** The pager on phones: the page size picker goes, so the arrows stay on screen. */
export const pagingSx = {
  '.MuiTablePagination-toolbar': { px: { xs: 0, sm: 2 } },
  '.MuiTablePagination-selectLabel, .MuiTablePagination-input': { display: { xs: 'none', sm: 'flex' } },
} as const
