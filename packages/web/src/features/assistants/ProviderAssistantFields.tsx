import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useQuery } from '@tanstack/react-query'
import { PROVIDER_CREDENTIAL_NAMES, PROVIDER_LABELS, type ProviderAssistantType } from '@weft/core'
import { useId } from 'react'
import { listCredentials } from '../../api/credentials'
import type { FormErrors, ProviderAssistantForm } from './providerForm'

// Suggestions only: the provider decides which models its assistants take.
const OPENAI_MODELS = ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano', 'o3-mini']

interface ProviderAssistantFieldsProps {
  type: ProviderAssistantType
  form: ProviderAssistantForm
  update: (patch: Partial<ProviderAssistantForm>) => void
  errors: FormErrors
  disabled: boolean
}

/** Who the assistant is: name, look, the credential it runs with, its model and instructions. */
export default function ProviderAssistantFields({
  type,
  form,
  update,
  errors,
  disabled,
}: ProviderAssistantFieldsProps) {
  const modelsId = useId()
  const credentialName = PROVIDER_CREDENTIAL_NAMES[type]
  const credentials = useQuery({
    queryKey: ['credentials', [credentialName]],
    queryFn: () => listCredentials([credentialName], { navigateOnForbidden: false }),
  })
  const text = (field: keyof FormErrors | 'description' | 'iconSrc' | 'instructions') => ({
    value: form[field],
    disabled,
    onChange: (event: { target: { value: string } }) => update({ [field]: event.target.value }),
    ...(field in errors ? { error: true, helperText: errors[field as keyof FormErrors] } : {}),
  })
  const noCredential = credentials.data?.length === 0
  return (
    <Stack spacing={2}>
      <TextField size="small" label="Name" required {...text('name')} />
      <TextField size="small" label="Description" {...text('description')} />
      <TextField
        size="small"
        label="Icon Source"
        helperText="An image address, e.g. https://example.com/helper.png."
        {...text('iconSrc')}
      />
      <TextField
        select
        size="small"
        label="Credential"
        required
        value={credentials.data ? form.credential : ''}
        disabled={disabled || !credentials.data}
        onChange={(event) => update({ credential: event.target.value, vectorStoreId: '' })}
        error={Boolean(errors.credential)}
        helperText={
          errors.credential ??
          (credentials.isError
            ? 'Could not load the credentials.'
            : noCredential
              ? `No ${PROVIDER_LABELS[type]} credential yet: add one under Credentials.`
              : `The ${PROVIDER_LABELS[type]} key the assistant is kept and run with.`)
        }
      >
        {(credentials.data ?? []).map((credential) => (
          <MenuItem key={credential.id} value={credential.id}>
            {credential.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={type === 'AZURE' ? 'Deployment Name' : 'Model'}
        required
        {...text('model')}
        helperText={errors.model ?? (type === 'AZURE' ? 'The deployment of your Azure OpenAI resource.' : undefined)}
        slotProps={{ htmlInput: type === 'OPENAI' ? { list: modelsId } : {} }}
      />
      {type === 'OPENAI' && (
        <datalist id={modelsId}>
          {OPENAI_MODELS.map((model) => (
            <option key={model} value={model} />
          ))}
        </datalist>
      )}
      <TextField
        label="Instructions"
        multiline
        minRows={4}
        placeholder="You are a helpful assistant who answers questions about our products…"
        {...text('instructions')}
      />
      <Stack direction="row" spacing={2}>
        <TextField
          size="small"
          label="Temperature"
          placeholder="1"

          {...text('temperature')}
          sx={{ flex: 1 }}
        />
        <TextField size="small" label="Top P" placeholder="1" {...text('topP')} sx={{ flex: 1 }} />
      </Stack>
    </Stack>
  )
}
