import Box from '@mui/material/Box'
import MenuItem from '@mui/material/MenuItem'
import Select from '@mui/material/Select'
import Typography from '@mui/material/Typography'
import { anchorOptions, type OutputAnchor, type OutputAnchorOption } from '@weft/core'
import { Handle, Position } from '@xyflow/react'
import { useCanvasActions } from '../canvasActions'
import AnchorLabel from './AnchorLabel'
import { toText } from './inputs/values'

interface OutputAnchorHandleProps {
  nodeId: string
  anchor: OutputAnchor
  outputs: Record<string, unknown>
  readOnly: boolean
}

/** The option of a choice anchor whose handle shows: the stored choice, else the default. */
export function chosenOutput(anchor: OutputAnchor, outputs: Record<string, unknown>): OutputAnchorOption | undefined {
  const options = anchor.options ?? []
  const name = toText(outputs[anchor.name]) || anchor.default
  return options.find((option) => option.name === name) ?? options.find((option) => !option.hidden)
}

/** The handle ids an output anchor draws now: its own, every anchor option, or the chosen option. */
export function shownOutputIds(anchor: OutputAnchor, outputs: Record<string, unknown>): string[] {
  if (anchor.type !== 'options') return anchor.id ? [anchor.id] : []
  const anchors = anchorOptions(anchor)
  if (anchors.length > 0) return anchors.map((option) => option.id)
  const chosen = chosenOutput(anchor, outputs)
  return chosen ? [chosen.id] : []
}

/** One labelled source handle on the right edge of the node. */
function OutputRow({ id, label, type, readOnly }: { id?: string; label: string; type: string; readOnly: boolean }) {
  return (
    <Box sx={{ position: 'relative', px: 1.5, py: 0.75 }}>
      <AnchorLabel label={label} type={type} align="right" />
      {id && <Handle type="source" position={Position.Right} id={id} isConnectable={!readOnly} />}
    </Box>
  )
}

/**
 * An output anchor: a source handle on the right. A node with several outputs offers a choice, unless
 * they are anchors (IfElse's True and False): then each is its own handle, all connectable at once.
 */
export default function OutputAnchorHandle({ nodeId, anchor, outputs, readOnly }: OutputAnchorHandleProps) {
  const { setNodeOutput } = useCanvasActions()
  if (anchor.type !== 'options') {
    return <OutputRow id={anchor.id} label={anchor.label} type={anchor.type} readOnly={readOnly} />
  }
  const anchors = anchorOptions(anchor)
  if (anchors.length > 0) {
    return (
      <>
        {anchors.map((option) => (
          <OutputRow key={option.id} id={option.id} label={option.label} type={option.type} readOnly={readOnly} />
        ))}
      </>
    )
  }
  const chosen = chosenOutput(anchor, outputs)
  return (
    <Box
      className="nodrag"
      onKeyDown={(event) => event.stopPropagation()}
      sx={{ position: 'relative', px: 1.5, py: 0.75, display: 'grid', gap: 0.5 }}
    >
      <Select
        size="small"
        value={chosen?.name ?? ''}
        disabled={readOnly}
        inputProps={{ 'aria-label': anchor.label }}
        sx={{ fontSize: 13 }}
        onChange={(event) => setNodeOutput(nodeId, anchor.name, event.target.value)}
      >
        {(anchor.options ?? [])
          .filter((option) => !option.hidden)
          .map((option) => (
            <MenuItem key={option.name} value={option.name} sx={{ fontSize: 13 }}>
              {option.label}
            </MenuItem>
          ))}
      </Select>
      {chosen && (
        <Typography sx={{ fontSize: 11.5, color: 'text.secondary', textAlign: 'right' }}>{chosen.type}</Typography>
      )}
      {chosen && <Handle type="source" position={Position.Right} id={chosen.id} isConnectable={!readOnly} />}
    </Box>
  )
}
