import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { lazy, Suspense } from 'react'
import type { CodeEditorProps } from './types'

// CodeMirror is large; it loads the first time a code field is shown, never with the main bundle.
const CodeEditor = lazy(() => import('./CodeEditor'))

export default function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder height={props.height} />}>
      <CodeEditor {...props} />
    </Suspense>
  )
}

function EditorPlaceholder({ height }: { height?: string }) {
  return (
    <Box
      sx={{ height: height ?? 88, border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1 }}
      aria-busy="true"
    >
      <Typography variant="caption" color="text.secondary">
        Loading editor…
      </Typography>
    </Box>
  )
}
