import Box from '@mui/material/Box'
import FormHelperText from '@mui/material/FormHelperText'
import type { InputParam } from '@weft/core'
import type { KeyboardEvent, ReactNode } from 'react'
import FieldLabel from './FieldLabel'

interface FieldShellProps {
  param: Pick<InputParam, 'label' | 'description' | 'optional'>
  /** The id of the control the label names. */
  htmlFor?: string
  labelId?: string
  /** Buttons at the end of the label row (expand, reload). */
  actions?: ReactNode
  error?: string | null
  /** Shown under the control. */
  helper?: ReactNode
  children: ReactNode
}

// Keys pressed in a field (or its pop-up menu) must not reach the canvas: arrows would move the
// node and Backspace would delete it.
const keepKeysInField = (event: KeyboardEvent) => event.stopPropagation()

/**
 * The frame of every input field: label row, control, then an error or helper text. Its classes
 * stop React Flow from dragging the node or zooming while the user types or scrolls in it.
 */
export default function FieldShell({ param, htmlFor, labelId, actions, error, helper, children }: FieldShellProps) {
  return (
    <Box className="nodrag nowheel" onKeyDown={keepKeysInField} sx={{ display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, minHeight: 24 }}>
        <FieldLabel param={param} htmlFor={htmlFor} id={labelId} />
        {actions && <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>{actions}</Box>}
      </Box>
      {children}
      {error && <FormHelperText error>{error}</FormHelperText>}
      {helper}
    </Box>
  )
}
