import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'

/** Questions to start with, offered while the conversation is empty; a click asks one. */
export default function StarterPrompts({ prompts, onPick }: { prompts: string[]; onPick: (prompt: string) => void }) {
  const offered = prompts.filter((prompt) => prompt.trim() !== '')
  if (offered.length === 0) return null
  return (
    <Box
      role="group"
      aria-label="Starter prompts"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, px: 1.5, pb: 1 }}
    >
      {offered.map((prompt) => (
        <Chip key={prompt} label={prompt} variant="outlined" onClick={() => onPick(prompt)} />
      ))}
    </Box>
  )
}
