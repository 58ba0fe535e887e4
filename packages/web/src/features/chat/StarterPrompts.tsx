import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'

interface PromptChipsProps {
  prompts: readonly string[]
  onPick: (prompt: string) => void
  /** Names the group: "Starter prompts" before the first question, "Follow-up prompts" under an answer. */
  label?: string
}

/** Questions to ask, as chips; a click asks one. */
export default function StarterPrompts({ prompts, onPick, label = 'Starter prompts' }: PromptChipsProps) {
  const offered = prompts.filter((prompt) => prompt.trim() !== '')
  if (offered.length === 0) return null
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, px: 1.5, pb: 1 }}>
      {offered.map((prompt) => (
        <Chip key={prompt} label={prompt} variant="outlined" onClick={() => onPick(prompt)} />
      ))}
    </Box>
  )
}
