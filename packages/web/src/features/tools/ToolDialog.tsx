import Delete from '@mui/icons-material/DeleteOutlined'
import Download from '@mui/icons-material/FileDownloadOutlined'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { readToolInputSchema, type NewSavedTool, type SavedTool } from '@weft/core'
import { useId, useMemo, useState } from 'react'
import { useConfirm } from '../../components/confirm/useConfirm'
import FormField from '../../components/form/FormField'
import { downloadJson } from '../export-import/downloadJson'
import FunctionEditor from './FunctionEditor'
import SchemaEditor from './SchemaEditor'
import { schemaTextOf } from './schemaRows'
import { toolExportOf, type ToolFields } from './toolFile'
import { TOOL_NAME_RULE, toolFormOf, toToolBody } from './toolForm'
import ToolLookFields from './ToolLookFields'
import ToolTestPanel from './ToolTestPanel'
import { useToolForm } from './useToolForm'

/** A tool read by Load, and the file it came from. */
export interface LoadedTool {
  fields: ToolFields
  fileName: string
}

interface ToolDialogProps {
  /** The saved tool being edited or viewed; absent when creating. */
  tool?: SavedTool | undefined
  /** A new tool's fields from a file. */
  loaded?: LoadedTool | undefined
  /** A new tool's colour until the user picks another. */
  color: string
  /** Without tools:update the tool is shown, not edited. */
  readOnly: boolean
  /** Test runs need tools:create or tools:update, as the server asks. */
  canTest: boolean
  canExport: boolean
  /** Asks, deletes and closes the dialog; absent without tools:delete. */
  onDelete?: (() => void) | undefined
  /** Sends the tool; a thrown error (a taken name) is shown in the dialog. The caller closes it. */
  onSubmit: (body: NewSavedTool) => Promise<void>
  onClose: () => void
}

/** Creates, edits or shows a custom tool: name, look, arguments, code, and a trial run. */
export default function ToolDialog({
  tool,
  loaded,
  color,
  readOnly,
  canTest,
  canExport,
  onDelete,
  onSubmit,
  onClose,
}: ToolDialogProps) {
  const titleId = useId()
  const descriptionId = useId()
  const confirm = useConfirm()
  const [initial] = useState(() => toolFormOf(tool ?? loaded?.fields, color))
  const { form, update, errors, saving, serverError, save, changed } = useToolForm(initial, onSubmit)
  const schemaText = schemaTextOf(form.schema)
  const schema = useMemo(() => readToolInputSchema(schemaText).schema, [schemaText])
  const title = !tool ? 'Create Tool' : readOnly ? tool.name : `Edit ${tool.name}`
  const unsaved = !readOnly && (changed || loaded !== undefined)
  const invalid = Object.values(errors).some(Boolean)

  const close = async () => {
    const leave =
      !unsaved ||
      (await confirm({
        title: 'Discard changes?',
        description: `${tool ? tool.name : 'This tool'} has changes that are not saved. Close and lose them?`,
        confirmButtonName: 'Discard',
        cancelButtonName: 'Keep editing',
      }))
    if (leave) onClose()
  }

  const exportTool = () => {
    const { data, fileName } = toolExportOf(toToolBody(form))
    downloadJson(data, fileName)
  }

  return (
    <Dialog open onClose={() => void close()} maxWidth="md" fullWidth scroll="paper" aria-labelledby={titleId}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            {loaded && (
              <Alert severity="info">Loaded from {loaded.fileName}. Check it, then save it as a new tool.</Alert>
            )}
            <FormField
              name="name"
              label="Tool Name"
              value={form.name}
              onChange={(event) => update({ name: event.target.value })}
              error={errors.name}
              helperText={TOOL_NAME_RULE}
              autoFocus={!tool}
              disabled={readOnly}
            />
            <Box>
              <Typography
                component="label"
                htmlFor={descriptionId}
                variant="subtitle2"
                sx={{ display: 'block', mb: 0.75 }}
              >
                Tool Description
              </Typography>
              <TextField
                id={descriptionId}
                fullWidth
                size="small"
                multiline
                minRows={2}
                value={form.description}
                placeholder="Looks up the delivery status of an order by its number"
                onChange={(event) => update({ description: event.target.value })}
                error={Boolean(errors.description)}
                helperText={errors.description ?? 'Tells the model what the tool does and when to use it.'}
                disabled={readOnly}
              />
            </Box>
            <ToolLookFields form={form} update={update} error={errors.iconSrc} disabled={readOnly} />
            <SchemaEditor
              schema={form.schema}
              onChange={(next) => update({ schema: next })}
              error={errors.schema}
              disabled={readOnly}
            />
            <FunctionEditor value={form.func} onChange={(func) => update({ func })} disabled={readOnly} />
            {canTest && <ToolTestPanel func={form.func} schemaText={schemaText} schema={schema} />}
            {serverError && <Alert severity="error">{serverError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          {tool && onDelete && (
            <Button color="error" startIcon={<Delete />} onClick={onDelete}>
              Delete
            </Button>
          )}
          {tool && canExport && (
            <Button color="inherit" startIcon={<Download />} onClick={exportTool}>
              Export
            </Button>
          )}
          <Box sx={{ flexGrow: 1 }} />
          {invalid && !readOnly && (
            <Typography variant="body2" color="error" sx={{ mr: 1 }}>
              Fix the fields marked in red
            </Typography>
          )}
          <Button onClick={() => void close()} color="inherit">
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && (
            <Button type="submit" variant="contained" loading={saving}>
              {tool ? 'Save changes' : 'Save'}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  )
}
