import InfoOutlined from '@mui/icons-material/InfoOutlined'
import Box from '@mui/material/Box'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import type { InputParam } from '@weft/core'

interface FieldLabelProps {
  param: Pick<InputParam, 'label' | 'description' | 'optional'>
  htmlFor?: string
  id?: string
}

/** A field's visible label: its name, a required marker unless optional, its description on hover. */
export default function FieldLabel({ param, htmlFor, id }: FieldLabelProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Typography
        component="label"
        htmlFor={htmlFor}
        id={id}
        sx={{ fontSize: 13, fontWeight: 500, lineHeight: 1.4, color: 'text.primary' }}
      >
        {param.label}
        {!param.optional && (
          <Box component="span" aria-hidden sx={{ color: 'error.main', ml: 0.25 }}>
            *
          </Box>
        )}
      </Typography>
      {param.description && (
        <Tooltip title={param.description} placement="top">
          <Box
            component="span"
            role="img"
            tabIndex={0}
            aria-label={param.description}
            sx={{ display: 'inline-flex', color: 'text.secondary', cursor: 'help' }}
          >
            <InfoOutlined sx={{ fontSize: 15 }} />
          </Box>
        </Tooltip>
      )}
    </Box>
  )
}
