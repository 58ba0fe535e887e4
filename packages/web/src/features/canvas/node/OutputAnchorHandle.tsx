import Box from '@mui/material/Box'
import MenuItem from '@mui/material/MenuItem'
import Select from '@mui/material/Select'
import Typography from '@mui/material/Typography'
import type { OutputAnchor, OutputAnchorOption } from '@weft/core'
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

/** An output anchor: a source handle on the right; a node with several outputs offers a choice. */
export default function OutputAnchorHandle({ nodeId, anchor, outputs, readOnly }: OutputAnchorHandleProps) {
  const { setNodeOutput } = useCanvasActions()
  if (anchor.type !== 'options') {
    return (
      <Box sx={{ position: 'relative', px: 1.5, py: 0.75 }}>
        <AnchorLabel label={anchor.label} type={anchor.type} align="right" />
        {anchor.id && <Handle type="source" position={Position.Right} id={anchor.id} isConnectable={!readOnly} />}
      </Box>
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
