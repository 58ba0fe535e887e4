import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'

/** The `{name}` variables found in a template, so the user sees what the prompt will ask for. */
export default function TemplateVariables({ names }: { names: readonly string[] }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
      <Typography variant="caption" color="text.secondary">
        Variables:
      </Typography>
      {names.map((name) => (
        <Chip key={name} label={`{${name}}`} size="small" variant="outlined" sx={{ height: 20, fontSize: 12 }} />
      ))}
    </Box>
  )
}
