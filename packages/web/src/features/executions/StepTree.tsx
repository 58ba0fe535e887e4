import ChevronRight from '@mui/icons-material/ChevronRight'
import Loop from '@mui/icons-material/Loop'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { STEP_STATUS_LABELS } from './executionStates'
import { formatDuration } from './executionTime'
import { parentKeys, visibleRows, type StepNode, type VisibleRow } from './stepTree'
import StepStatusIcon from './StepStatusIcon'

interface StepTreeProps {
  tree: StepNode[]
  /** The index of the chosen step in the execution's steps. */
  selected: number | undefined
  onSelect: (index: number) => void
}

const durationOf = (node: StepNode) =>
  node.kind === 'step' && node.step.data?.output?.timeMetadata
    ? formatDuration(node.step.data.output.timeMetadata.delta)
    : undefined

function nameOf(node: StepNode): string {
  if (node.kind === 'item') return `Item ${node.iterationIndex + 1}`
  const duration = durationOf(node)
  const status = STEP_STATUS_LABELS[node.step.status] ?? node.step.status
  return [node.step.nodeLabel, status, duration].filter(Boolean).join(', ')
}

/**
 * The steps of a run as a tree (ARIA tree pattern, drawn flat with levels): arrows move, right and
 * left open and close an Iteration, Enter shows a step.
 */
export default function StepTree({ tree, selected, onSelect }: StepTreeProps) {
  // What the user closed, rather than what is open: steps that arrive while a run goes on show open.
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set())
  const expanded = useMemo(() => new Set(parentKeys(tree).filter((key) => !closed.has(key))), [tree, closed])
  const rows = useMemo(() => visibleRows(tree, expanded), [tree, expanded])
  const [focusKey, setFocusKey] = useState<string | undefined>()
  const elements = useRef(new Map<string, HTMLElement>())

  const selectedKey = rows.find((row) => row.node.kind === 'step' && row.node.index === selected)?.node.key
  const tabKey = rows.some((row) => row.node.key === focusKey) ? focusKey : (selectedKey ?? rows[0]?.node.key)

  const focus = (row: VisibleRow | undefined) => {
    if (!row) return
    setFocusKey(row.node.key)
    elements.current.get(row.node.key)?.focus()
  }
  const toggle = (key: string, open: boolean) => {
    const next = new Set(closed)
    if (open) next.delete(key)
    else next.add(key)
    setClosed(next)
  }
  const activate = (node: StepNode) => {
    if (node.kind === 'step') onSelect(node.index)
    else toggle(node.key, !expanded.has(node.key))
  }

  const onKeyDown = (event: KeyboardEvent, at: number) => {
    const row = rows[at]!
    const { node } = row
    const isOpen = expanded.has(node.key)
    const parent = () => rows.slice(0, at).findLast((other) => other.level === row.level - 1)
    const moves: Record<string, () => void> = {
      ArrowDown: () => focus(rows[at + 1]),
      ArrowUp: () => focus(rows[at - 1]),
      Home: () => focus(rows[0]),
      End: () => focus(rows.at(-1)),
      ArrowRight: () =>
        node.children.length === 0 ? undefined : isOpen ? focus(rows[at + 1]) : toggle(node.key, true),
      ArrowLeft: () => (node.children.length > 0 && isOpen ? toggle(node.key, false) : focus(parent())),
      Enter: () => activate(node),
      ' ': () => activate(node),
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    move()
  }

  return (
    <Box component="ul" role="tree" aria-label="Steps" sx={{ listStyle: 'none', m: 0, p: 0.5 }}>
      {rows.map((row, at) => {
        const { node } = row
        const hasChildren = node.children.length > 0
        const isSelected = node.kind === 'step' && node.index === selected
        return (
          <Box
            component="li"
            key={node.key}
            role="treeitem"
            aria-label={nameOf(node)}
            aria-level={row.level}
            aria-posinset={row.position}
            aria-setsize={row.setSize}
            aria-expanded={hasChildren ? expanded.has(node.key) : undefined}
            aria-selected={node.kind === 'step' ? isSelected : undefined}
            tabIndex={node.key === tabKey ? 0 : -1}
            ref={(element: HTMLElement | null) => {
              if (element) elements.current.set(node.key, element)
              else elements.current.delete(node.key)
            }}
            onClick={() => {
              setFocusKey(node.key)
              activate(node)
            }}
            onKeyDown={(event) => onKeyDown(event, at)}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.75,
              minHeight: 34,
              pr: 1,
              pl: `${4 + (row.level - 1) * 18}px`,
              borderRadius: 1,
              cursor: 'pointer',
              userSelect: 'none',
              bgcolor: isSelected ? 'action.selected' : 'transparent',
              '&:hover': { bgcolor: isSelected ? 'action.selected' : 'action.hover' },
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
            }}
          >
            <Box
              component="span"
              aria-hidden
              onClick={(event) => {
                if (!hasChildren) return
                event.stopPropagation()
                toggle(node.key, !expanded.has(node.key))
              }}
              sx={{ width: 18, display: 'inline-grid', placeItems: 'center', color: 'text.secondary', flexShrink: 0 }}
            >
              {hasChildren && (
                <ChevronRight
                  sx={{
                    fontSize: 18,
                    transition: 'transform 120ms',
                    transform: expanded.has(node.key) ? 'rotate(90deg)' : 'none',
                  }}
                />
              )}
            </Box>
            {node.kind === 'step' ? (
              <StepStatusIcon status={node.step.status} />
            ) : (
              <Loop aria-hidden sx={{ fontSize: 18, color: 'text.secondary' }} />
            )}
            <Typography
              variant="body2"
              noWrap
              fontWeight={isSelected ? 600 : 400}
              color={node.kind === 'item' ? 'text.secondary' : 'text.primary'}
              sx={{ flexGrow: 1, minWidth: 0 }}
            >
              {node.kind === 'step' ? node.step.nodeLabel : `Item ${node.iterationIndex + 1}`}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
            >
              {durationOf(node)}
            </Typography>
          </Box>
        )
      })}
    </Box>
  )
}
