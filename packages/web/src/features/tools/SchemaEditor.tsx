import Box from '@mui/material/Box'
import FormHelperText from '@mui/material/FormHelperText'
import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { readToolInputSchema } from '@weft/core'
import { useId } from 'react'
import LazyCodeEditor from '../../components/code-editor/LazyCodeEditor'
import { useConfirm } from '../../components/confirm/useConfirm'
import { notify } from '../../components/notifications/notify'
import SchemaGrid from './SchemaGrid'
import { rowsOfJsonSchema, schemaTextOf, type SchemaDraft, type SchemaMode } from './schemaRows'

interface SchemaEditorProps {
  schema: SchemaDraft
  onChange: (schema: SchemaDraft) => void
  error: string | undefined
  disabled: boolean
}

const EXAMPLE = `{
  "type": "object",
  "properties": {
    "city": { "type": "string", "description": "The city to look up" },
    "units": { "type": "string", "enum": ["metric", "imperial"] }
  },
  "required": ["city"]
}`

/** The tool's arguments, as grid rows or as a JSON Schema the user writes; switching converts one to the other. */
export default function SchemaEditor({ schema, onChange, error, disabled }: SchemaEditorProps) {
  const labelId = useId()
  const confirm = useConfirm()

  const switchTo = async (mode: SchemaMode) => {
    const reading = readToolInputSchema(schemaTextOf(schema))
    if (reading.error !== undefined) {
      notify(`Fix the Input Schema before switching: it ${reading.error}`, 'warning')
      return
    }
    if (mode === 'json') {
      onChange({ mode, rows: [], json: JSON.stringify(reading.schema, null, 2) })
      return
    }
    const { rows, lost } = rowsOfJsonSchema(reading.schema)
    const keep =
      lost.length === 0 ||
      (await confirm({
        title: 'Switch to the grid?',
        description: `The grid keeps each property's name, type, description and whether it is required. What else ${lost.join(', ')} say is dropped.`,
        confirmButtonName: 'Switch',
      }))
    if (keep) onChange({ mode, rows, json: '' })
  }

  return (
    <Box>
      <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={2} sx={{ mb: 0.75 }}>
        <Typography id={labelId} variant="subtitle2">
          Input Schema
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={schema.mode}
          aria-label="Write the Input Schema as"
          disabled={disabled}
          onChange={(_event, mode: SchemaMode | null) => {
            if (mode && mode !== schema.mode) void switchTo(mode)
          }}
        >
          <ToggleButton value="grid" sx={{ py: 0.25 }}>
            Grid
          </ToggleButton>
          <ToggleButton value="json" sx={{ py: 0.25 }}>
            JSON Schema
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The arguments the model fills in. The function reads each one as <code>$property</code>.
      </Typography>
      {schema.mode === 'grid' ? (
        <SchemaGrid rows={schema.rows} onChange={(rows) => onChange({ ...schema, rows })} disabled={disabled} />
      ) : (
        <LazyCodeEditor
          language="json"
          label="Input Schema (JSON)"
          value={schema.json}
          onChange={(json) => onChange({ ...schema, json })}
          readOnly={disabled}
          placeholder={EXAMPLE}
          maxHeight="320px"
        />
      )}
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
    </Box>
  )
}
