import Add from '@mui/icons-material/Add'
import Remove from '@mui/icons-material/Remove'
import ClickAwayListener from '@mui/material/ClickAwayListener'
import Fab from '@mui/material/Fab'
import Paper from '@mui/material/Paper'
import Popper from '@mui/material/Popper'
import Typography from '@mui/material/Typography'
import type { CanvasKind, NodeDescriptor } from '@weft/core'
import { useCallback, useState, type KeyboardEvent } from 'react'
import { addNode } from '../store/canvasCommands'
import NodeCatalogue from './NodeCatalogue'
import { useViewportCentre } from './useViewportCentre'

interface AddNodesButtonProps {
  descriptors: NodeDescriptor[]
  kind: CanvasKind
}

/** The round "+" button and the panel of nodes it opens. */
export default function AddNodesButton({ descriptors, kind }: AddNodesButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const viewportCentre = useViewportCentre()
  const onAdd = useCallback((descriptor: NodeDescriptor) => addNode(descriptor, viewportCentre()), [viewportCentre])

  const close = () => {
    anchor?.focus()
    setAnchor(null)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close()
  }

  return (
    <>
      <Fab
        size="small"
        color="primary"
        aria-label="Add nodes"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(anchor ? null : event.currentTarget)}
      >
        {anchor ? <Remove /> : <Add />}
      </Fab>
      <Popper open={anchor !== null} anchorEl={anchor} placement="bottom-start" sx={{ zIndex: 'modal' }}>
        <ClickAwayListener onClickAway={(event) => !anchor?.contains(event.target as Node) && setAnchor(null)}>
          <Paper
            role="dialog"
            aria-label="Add nodes"
            elevation={8}
            onKeyDown={onKeyDown}
            sx={{ mt: 1, width: 380, maxHeight: 'calc(100vh - 160px)', display: 'flex', flexDirection: 'column' }}
          >
            <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2, pb: 1.5 }}>
              Add nodes
            </Typography>
            <NodeCatalogue descriptors={descriptors} kind={kind} onAdd={onAdd} />
          </Paper>
        </ClickAwayListener>
      </Popper>
    </>
  )
}
