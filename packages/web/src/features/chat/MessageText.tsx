import Box from '@mui/material/Box'
import { memo } from 'react'
import { inlineParts, messageParts } from './messageParts'

const codeFont = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace'

/** A message's text: prose keeps its line breaks, code blocks stay monospaced and scroll sideways. */
function MessageText({ text }: { text: string }) {
  return (
    <>
      {messageParts(text).map((part, index) =>
        part.kind === 'code' ? (
          <Box
            key={index}
            component="pre"
            aria-label={part.language ? `${part.language} code` : 'Code'}
            sx={{
              m: 0,
              my: 0.5,
              p: 1,
              borderRadius: 1,
              overflowX: 'auto',
              fontFamily: codeFont,
              fontSize: '0.8125rem',
              bgcolor: 'action.hover',
              whiteSpace: 'pre',
            }}
          >
            <code>{part.text}</code>
          </Box>
        ) : (
          <Box key={index} component="p" sx={{ m: 0, my: 0.25, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {inlineParts(part.text).map((piece, at) =>
              piece.kind === 'code' ? (
                <Box
                  key={at}
                  component="code"
                  sx={{ fontFamily: codeFont, fontSize: '0.85em', px: 0.5, borderRadius: 0.5, bgcolor: 'action.hover' }}
                >
                  {piece.text}
                </Box>
              ) : (
                piece.text
              ),
            )}
          </Box>
        ),
      )}
    </>
  )
}

export default memo(MessageText)
