import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ProviderAssistantTool } from '@weft/core'
import { uploadAssistantFile } from '../../api/openaiAssistants'
import AssistantFileList from './AssistantFileList'
import FileUploadButton from './FileUploadButton'
import type { ProviderAssistantForm } from './providerForm'
import VectorStoreField from './VectorStoreField'

const TOOLS: { name: ProviderAssistantTool; label: string; hint: string }[] = [
  { name: 'code_interpreter', label: 'Code Interpreter', hint: 'Runs Python on the files you give it.' },
  { name: 'file_search', label: 'File Search', hint: 'Searches the files of a vector store.' },
]

interface AssistantToolFieldsProps {
  form: ProviderAssistantForm
  update: (patch: Partial<ProviderAssistantForm>) => void
  disabled: boolean
}

/** The provider's built-in tools, with the code interpreter's files and file search's vector store. */
export default function AssistantToolFields({ form, update, disabled }: AssistantToolFieldsProps) {
  const toggle = (tool: ProviderAssistantTool, on: boolean) =>
    update({ tools: on ? [...form.tools, tool] : form.tools.filter((name) => name !== tool) })
  return (
    <Stack spacing={2}>
      <FormGroup>
        {TOOLS.map((tool) => (
          <FormControlLabel
            key={tool.name}
            disabled={disabled}
            control={
              <Checkbox
                checked={form.tools.includes(tool.name)}
                onChange={(event) => toggle(tool.name, event.target.checked)}
              />
            }
            label={
              <span>
                {tool.label}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  {tool.hint}
                </Typography>
              </span>
            }
          />
        ))}
      </FormGroup>
      {form.tools.includes('code_interpreter') && (
        <Stack spacing={1} component="section" aria-label="Code interpreter files">
          <Typography variant="subtitle2">Code interpreter files</Typography>
          <AssistantFileList
            files={form.files}
            where="the code interpreter"
            disabled={disabled}
            onRemove={(file) => update({ files: form.files.filter((kept) => kept.id !== file.id) })}
          />
          <FileUploadButton
            label="Upload files"
            disabled={disabled || !form.credential}
            send={(file) => uploadAssistantFile(form.credential, file)}
            onUploaded={(uploaded) =>
              update({
                files: [...form.files, ...uploaded.map(({ id, filename, bytes }) => ({ id, filename, bytes }))],
              })
            }
          />
        </Stack>
      )}
      {form.tools.includes('file_search') && (
        <Stack spacing={1} component="section" aria-label="File search">
          <Typography variant="subtitle2">File search</Typography>
          <VectorStoreField
            credential={form.credential}
            value={form.vectorStoreId}
            disabled={disabled}
            onChange={(vectorStoreId) => update({ vectorStoreId })}
          />
        </Stack>
      )}
    </Stack>
  )
}
