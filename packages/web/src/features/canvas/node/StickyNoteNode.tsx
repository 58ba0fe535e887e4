import Box from '@mui/material/Box'
import { alpha, useTheme } from '@mui/material/styles'
import { NodeResizer } from '@xyflow/react'
import { memo, useCallback } from 'react'
import { useCanvasActions } from '../canvasActions'
import LocalTextField from './inputs/LocalTextField'
import NodeActions from './NodeActions'
import type { CanvasNodeProps } from './types'

const NOTE_COLOR = '#FACC15'

/** A free note on the canvas: coloured, resizable, no connections. */
function StickyNoteNode({ id, data, selected }: CanvasNodeProps) {
  const { readOnly, setNodeInput, deleteNode, duplicateNode } = useCanvasActions()
  const theme = useTheme()
  const color = data.color || NOTE_COLOR
  const setNote = useCallback((note: unknown) => setNodeInput(id, 'note', note), [setNodeInput, id])
  return (
    <>
      <NodeResizer isVisible={selected && !readOnly} minWidth={180} minHeight={100} color={color} />
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          height: '100%',
          minWidth: 220,
          minHeight: 120,
          p: 1,
          pt: 4,
          display: 'flex',
          borderRadius: '10px',
          border: 1,
          borderColor: selected ? color : alpha(color, 0.6),
          bgcolor: alpha(color, theme.palette.mode === 'dark' ? 0.16 : 0.28),
          '& .node-actions': { opacity: selected ? 1 : 0, transition: 'opacity 120ms' },
          '&:hover .node-actions, &:focus-within .node-actions': { opacity: 1 },
        }}
      >
        {!readOnly && (
          <NodeActions
            onDuplicate={() => duplicateNode(id)}
            onDelete={() => deleteNode(id)}
            sx={{ position: 'absolute', top: 4, right: 4 }}
          />
        )}
        <LocalTextField
          className="nodrag nowheel"
          multiline
          minRows={3}
          value={data.inputs.note}
          onChange={setNote}
          disabled={readOnly}
          placeholder="Type a note"
          slotProps={{ htmlInput: { 'aria-label': 'Note' } }}
          onKeyDown={(event) => event.stopPropagation()}
          sx={{
            flex: 1,
            '& .MuiInputBase-root': { height: '100%', alignItems: 'flex-start', fontSize: 13, bgcolor: 'transparent' },
            '& .MuiOutlinedInput-notchedOutline': { border: 'none' },
          }}
        />
      </Box>
    </>
  )
}

export default memo(StickyNoteNode)
