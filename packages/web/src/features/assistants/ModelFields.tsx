import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useQuery } from '@tanstack/react-query'
import type { AssistantModel, InputParam, NodeDescriptor } from '@weft/core'
import { listCredentials } from '../../api/credentials'

/** The model settings a custom assistant form shows; the rest keep the node's defaults. */
const SHOWN_INPUTS = ['modelName', 'basePath', 'temperature']

interface ModelFieldsProps {
  models: NodeDescriptor[]
  value: AssistantModel | undefined
  onChange: (model: AssistantModel) => void
}

const shownParams = (descriptor: NodeDescriptor | undefined): InputParam[] =>
  (descriptor?.inputs ?? []).filter((param) => SHOWN_INPUTS.includes(param.name))

/** Chat model, its credential and its main settings. */
export default function ModelFields({ models, value, onChange }: ModelFieldsProps) {
  const descriptor = models.find((model) => model.name === value?.name)
  const credentialTypes = descriptor?.credential?.credentialNames ?? []
  const credentials = useQuery({
    queryKey: ['credentials', credentialTypes],
    queryFn: () => listCredentials(credentialTypes),
    enabled: credentialTypes.length > 0,
  })

  const choose = (name: string) => {
    const next = models.find((model) => model.name === name)
    const inputs = Object.fromEntries(shownParams(next).map((param) => [param.name, param.default ?? '']))
    onChange({ name, inputs })
  }
  const setInput = (name: string, input: unknown) =>
    value && onChange({ ...value, inputs: { ...value.inputs, [name]: input } })

  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        label="Chat Model"
        value={value?.name ?? ''}
        onChange={(event) => choose(event.target.value)}
        helperText={descriptor?.description}
      >
        {models.map((model) => (
          <MenuItem key={model.name} value={model.name}>
            {model.label}
          </MenuItem>
        ))}
      </TextField>
      {value && credentialTypes.length > 0 && (
        <TextField
          select
          size="small"
          label="Credential"
          value={value.credential ?? ''}
          onChange={(event) => onChange({ ...value, credential: event.target.value })}
          helperText={
            credentials.data?.length === 0 ? 'No credential of this kind yet: add one under Credentials.' : undefined
          }
        >
          {(credentials.data ?? []).map((credential) => (
            <MenuItem key={credential.id} value={credential.id}>
              {credential.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {value &&
        shownParams(descriptor).map((param) =>
          param.options ? (
            <TextField
              key={param.name}
              select
              size="small"
              label={param.label}
              value={String(value.inputs[param.name] ?? '')}
              onChange={(event) => setInput(param.name, event.target.value)}
            >
              {param.options.map((option) => (
                <MenuItem key={option.name} value={option.name}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField
              key={param.name}
              size="small"
              label={param.label}
              type={param.type === 'number' ? 'number' : 'text'}
              placeholder={param.placeholder}
              value={String(value.inputs[param.name] ?? '')}
              onChange={(event) =>
                setInput(param.name, param.type === 'number' ? Number(event.target.value) : event.target.value)
              }
            />
          ),
        )}
    </Stack>
  )
}
