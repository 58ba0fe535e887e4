import ChevronRight from '@mui/icons-material/ChevronRight'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import ButtonBase from '@mui/material/ButtonBase'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import MessageText from '../chat/MessageText'

const codeFont = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace'

// A recorded step can hold thousands of items (documents, messages): the first ones show, the rest on demand.
const PAGE = 50

type Composite = Record<string, unknown> | unknown[]

const isComposite = (value: unknown): value is Composite => typeof value === 'object' && value !== null

const entriesOf = (value: Composite): [string, unknown][] =>
  Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value)

function summaryOf(value: Composite): string {
  const count = entriesOf(value).length
  if (Array.isArray(value)) return count === 1 ? '1 item' : `${count} items`
  return count === 1 ? '1 key' : `${count} keys`
}

// Prose reads better as a block under its key than squeezed on the key's line.
const isProse = (text: string) => text.includes('\n') || text.length > 80

function Leaf({ value }: { value: unknown }) {
  if (typeof value === 'string')
    return isProse(value) ? (
      <Box sx={{ mt: 0.5, px: 1.25, py: 0.75, borderRadius: 1, bgcolor: 'action.hover', fontSize: '0.8125rem' }}>
        <MessageText text={value} />
      </Box>
    ) : (
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {value === '' ? (
          <Box component="span" sx={{ color: 'text.disabled', fontStyle: 'italic' }}>
            empty
          </Box>
        ) : (
          value
        )}
      </Box>
    )
  const color =
    typeof value === 'number' ? 'info.main' : typeof value === 'boolean' ? 'secondary.main' : 'text.disabled'
  return (
    <Box component="span" sx={{ fontFamily: codeFont, fontSize: '0.8125rem', color }}>
      {value === null || value === undefined ? 'null' : String(value)}
    </Box>
  )
}

function Entries({ value, depth, openDepth }: { value: Composite; depth: number; openDepth: number }) {
  const [shown, setShown] = useState(PAGE)
  const entries = entriesOf(value)
  if (entries.length === 0)
    return (
      <Typography variant="body2" color="text.disabled" fontStyle="italic" sx={{ pl: depth > 0 ? 2.5 : 0 }}>
        {Array.isArray(value) ? 'no items' : 'no keys'}
      </Typography>
    )
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        ...(depth > 0 && { ml: 1.1, pl: 1.4, borderLeft: 1, borderColor: 'divider' }),
      }}
    >
      {entries.slice(0, shown).map(([name, item]) => (
        <Entry key={name} name={name} value={item} depth={depth} openDepth={openDepth} />
      ))}
      {entries.length > shown && (
        <li>
          <Button size="small" onClick={() => setShown(shown + PAGE)}>
            Show {Math.min(PAGE, entries.length - shown)} more of {entries.length - shown}
          </Button>
        </li>
      )}
    </Box>
  )
}

function Entry({ name, value, depth, openDepth }: { name: string; value: unknown; depth: number; openDepth: number }) {
  const [open, setOpen] = useState(depth < openDepth)
  const key = (
    <Box component="span" sx={{ fontFamily: codeFont, fontSize: '0.8125rem', color: 'text.secondary', mr: 1 }}>
      {name}
    </Box>
  )
  if (!isComposite(value))
    return (
      <Box component="li" sx={{ py: 0.25, typography: 'body2' }}>
        {key}
        <Leaf value={value} />
      </Box>
    )
  return (
    <Box component="li" sx={{ py: 0.25 }}>
      <ButtonBase
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        sx={{ borderRadius: 0.5, pr: 0.5, typography: 'body2', '&:hover': { bgcolor: 'action.hover' } }}
      >
        <ChevronRight
          aria-hidden
          sx={{
            fontSize: 18,
            color: 'text.secondary',
            transition: 'transform 120ms',
            transform: open ? 'rotate(90deg)' : 'none',
          }}
        />
        {key}
        <Box component="span" sx={{ color: 'text.disabled', fontSize: '0.75rem' }}>
          {summaryOf(value)}
        </Box>
      </ButtonBase>
      {open && <Entries value={value} depth={depth + 1} openDepth={openDepth} />}
    </Box>
  )
}

interface JsonTreeProps {
  value: unknown
  /** Names the tree for screen readers, e.g. "Input". */
  label: string
  /** How many levels show open at first. */
  openDepth?: number
}

/** Any JSON value as a readable tree of keys and values, each object or list folding open and shut. */
export default function JsonTree({ value, label, openDepth = 2 }: JsonTreeProps) {
  return (
    <Box role="group" aria-label={label} sx={{ minWidth: 0 }}>
      {isComposite(value) ? <Entries value={value} depth={0} openDepth={openDepth} /> : <Leaf value={value} />}
    </Box>
  )
}
