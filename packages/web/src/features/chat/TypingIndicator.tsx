import Box from '@mui/material/Box'
import { keyframes } from '@mui/material/styles'

const blink = keyframes`
  0%, 80%, 100% { opacity: 0.25; }
  40% { opacity: 1; }
`

/** Three pulsing dots while the answer has not started. */
export default function TypingIndicator() {
  return (
    <Box role="status" aria-label="Answer on its way" sx={{ display: 'inline-flex', gap: 0.5, py: 0.75 }}>
      {[0, 1, 2].map((dot) => (
        <Box
          key={dot}
          sx={{
            width: 6,
            height: 6,
            borderRadius: '50%',
            bgcolor: 'text.secondary',
            animation: `${blink} 1.2s ${dot * 0.2}s infinite ease-in-out`,
          }}
        />
      ))}
    </Box>
  )
}
