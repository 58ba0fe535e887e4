import PlayArrow from '@mui/icons-material/PlayArrow'
import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormHelperText from '@mui/material/FormHelperText'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { errorMessage, type ToolJsonSchema } from '@weft/core'
import { useMemo, useState } from 'react'
import { testTool, type ToolTestResult } from '../../api/tools'
import LazyCodeEditor from '../../components/code-editor/LazyCodeEditor'
import { readInputJson, testFieldsOf, testInputOf, testValuesOf, type TestValues } from './testInput'
import TestInputFields from './TestInputFields'

interface ToolTestPanelProps {
  func: string
  /** The schema as it would be saved. */
  schemaText: string | null
  /** The schema read, or undefined while it has an error. */
  schema: ToolJsonSchema | undefined
}

type InputMode = 'form' | 'json'

const monospace = { fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const

/** Runs the function as written, unsaved, with sample arguments from a form built from the schema, or as JSON. */
export default function ToolTestPanel({ func, schemaText, schema }: ToolTestPanelProps) {
  const fields = useMemo(() => (schema ? testFieldsOf(schema) : []), [schema])
  const [mode, setMode] = useState<InputMode>('form')
  const [values, setValues] = useState<TestValues>({})
  const [json, setJson] = useState('{}')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [jsonError, setJsonError] = useState<string>()
  const [running, setRunning] = useState(false)
  const [result, setResult] = useState<ToolTestResult | null>(null)

  const blocked =
    func.trim() === '' ? 'Write the function to run it.' : !schema ? 'Fix the Input Schema to run it.' : null
  const inputMode = fields.length === 0 ? 'json' : mode

  const switchTo = (next: InputMode) => {
    if (next === 'json') {
      const reading = testInputOf(fields, values)
      setJson(JSON.stringify('input' in reading ? reading.input : {}, null, 2))
    } else {
      const reading = readInputJson(json)
      if ('input' in reading) setValues(testValuesOf(fields, reading.input))
    }
    setErrors({})
    setJsonError(undefined)
    setMode(next)
  }

  const run = async () => {
    const reading = inputMode === 'form' ? testInputOf(fields, values) : readInputJson(json)
    setErrors('errors' in reading ? reading.errors : {})
    setJsonError('error' in reading ? reading.error : undefined)
    if (!('input' in reading)) return
    setRunning(true)
    try {
      setResult(await testTool({ func, schema: schemaText, input: reading.input }))
    } catch (error) {
      setResult({ error: errorMessage(error) })
    } finally {
      setRunning(false)
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-label="Test" sx={{ p: 2 }}>
      <Stack direction="row" alignItems="flex-start" justifyContent="space-between" spacing={2} sx={{ mb: 1.5 }}>
        <Box>
          <Typography variant="subtitle2" component="h3">
            Test
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Runs the function as written, with sample arguments. Nothing is saved, and outside a flow <code>$flow</code>{' '}
            is empty.
          </Typography>
        </Box>
        {fields.length > 0 && (
          <ToggleButtonGroup
            exclusive
            size="small"
            value={inputMode}
            aria-label="Sample input as"
            onChange={(_event, next: InputMode | null) => {
              if (next) switchTo(next)
            }}
          >
            <ToggleButton value="form" sx={{ py: 0.25 }}>
              Form
            </ToggleButton>
            <ToggleButton value="json" sx={{ py: 0.25 }}>
              JSON
            </ToggleButton>
          </ToggleButtonGroup>
        )}
      </Stack>
      {inputMode === 'form' ? (
        <TestInputFields
          fields={fields}
          values={values}
          errors={errors}
          onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
        />
      ) : (
        <Box>
          {fields.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              The tool takes no arguments; the function reads this object as <code>$input</code>.
            </Typography>
          )}
          <LazyCodeEditor language="json" label="Sample input" value={json} onChange={setJson} maxHeight="200px" />
          {jsonError && <FormHelperText error>{jsonError}</FormHelperText>}
        </Box>
      )}
      <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mt: 2 }}>
        <Button
          variant="outlined"
          startIcon={<PlayArrow />}
          loading={running}
          loadingPosition="start"
          disabled={blocked !== null}
          onClick={() => void run()}
        >
          {running ? 'Running…' : 'Run'}
        </Button>
        {blocked && (
          <Typography variant="body2" color="text.secondary">
            {blocked}
          </Typography>
        )}
      </Stack>
      <Box aria-live="polite" sx={{ mt: result ? 2 : 0 }}>
        {result?.error !== undefined ? (
          <Alert severity="error">
            <AlertTitle>The function failed</AlertTitle>
            <Box sx={monospace}>{result.error}</Box>
          </Alert>
        ) : result ? (
          <Box>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
              Output
            </Typography>
            <Box
              role="region"
              aria-label="Output"
              sx={{ ...monospace, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', maxHeight: 240, overflow: 'auto' }}
            >
              {result.output === '' ? '(an empty string)' : result.output}
            </Box>
          </Box>
        ) : null}
      </Box>
    </Paper>
  )
}
