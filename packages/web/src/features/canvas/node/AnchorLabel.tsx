import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'

interface AnchorLabelProps {
  label: string
  type: string
  required?: boolean
  align?: 'left' | 'right'
}

/** The name of a connection point and the types it takes or gives. */
export default function AnchorLabel({ label, type, required, align = 'left' }: AnchorLabelProps) {
  return (
    <Box sx={{ textAlign: align, minWidth: 0 }}>
      <Typography sx={{ fontSize: 13, fontWeight: 500, lineHeight: 1.4 }}>
        {label}
        {required && (
          <Box component="span" aria-hidden sx={{ color: 'error.main', ml: 0.25 }}>
            *
          </Box>
        )}
      </Typography>
      <Typography sx={{ fontSize: 11.5, color: 'text.secondary', lineHeight: 1.3, wordBreak: 'break-word' }}>
        {type}
      </Typography>
    </Box>
  )
}
