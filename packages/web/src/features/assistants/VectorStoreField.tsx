import Add from '@mui/icons-material/Add'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { errorMessage } from '@weft/core'
import { useState } from 'react'
import {
  createVectorStore,
  listVectorStoreFiles,
  listVectorStores,
  removeVectorStoreFiles,
  uploadVectorStoreFile,
} from '../../api/openaiAssistants'
import NameDialog from '../../components/form/NameDialog'
import { required } from '../../components/form/validators'
import AssistantFileList from './AssistantFileList'
import FileUploadButton from './FileUploadButton'

interface VectorStoreFieldProps {
  credential: string
  value: string
  onChange: (storeId: string) => void
  disabled: boolean
}

/** File search's vector store at the provider: pick or make one, and add or take out its files. */
export default function VectorStoreField({ credential, value, onChange, disabled }: VectorStoreFieldProps) {
  const queryClient = useQueryClient()
  const [naming, setNaming] = useState(false)
  const [problem, setProblem] = useState<string>()
  const stores = useQuery({
    queryKey: ['provider-vector-stores', credential],
    queryFn: () => listVectorStores(credential),
    enabled: credential !== '',
  })
  const files = useQuery({
    queryKey: ['provider-vector-store-files', credential, value],
    queryFn: () => listVectorStoreFiles(credential, value),
    enabled: credential !== '' && value !== '',
  })
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['provider-vector-stores', credential] }),
      queryClient.invalidateQueries({ queryKey: ['provider-vector-store-files', credential, value] }),
    ])

  const create = async (name: string) => {
    const store = await createVectorStore(credential, name)
    setNaming(false)
    await queryClient.invalidateQueries({ queryKey: ['provider-vector-stores', credential] })
    onChange(store.id)
  }

  const remove = async (fileId: string) => {
    setProblem(undefined)
    try {
      await removeVectorStoreFiles(credential, value, [fileId])
      await refresh()
    } catch (error) {
      setProblem(errorMessage(error))
    }
  }

  if (!credential) return <Alert severity="info">Choose a credential to pick a vector store.</Alert>
  const chosen = stores.data?.find((store) => store.id === value)
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextField
          select
          size="small"
          label="Vector Store"
          value={stores.data ? value : ''}
          disabled={disabled || !stores.data}
          onChange={(event) => onChange(event.target.value)}
          helperText={stores.isPending ? 'Loading vector stores…' : 'The files file search reads.'}
          sx={{ flexGrow: 1 }}
        >
          <MenuItem value="">None</MenuItem>
          {(stores.data ?? []).map((store) => (
            <MenuItem key={store.id} value={store.id}>
              {store.name || store.id} ({store.file_counts.total} files)
            </MenuItem>
          ))}
          {value && stores.data && !chosen && <MenuItem value={value}>{value}</MenuItem>}
        </TextField>
        <Button startIcon={<Add />} disabled={disabled} onClick={() => setNaming(true)} sx={{ flexShrink: 0 }}>
          New vector store
        </Button>
      </Stack>
      {stores.isError && <Alert severity="error">Could not load the vector stores: {errorMessage(stores.error)}</Alert>}
      {value && (
        <>
          {files.isError && <Alert severity="error">Could not load its files: {errorMessage(files.error)}</Alert>}
          <AssistantFileList
            files={(files.data ?? []).map((file) => ({ ...file, bytes: file.usage_bytes }))}
            where="the vector store"
            disabled={disabled}
            onRemove={(file) => void remove(file.id)}
          />
          <FileUploadButton
            label="Add files to vector store"
            disabled={disabled}
            send={(file) => uploadVectorStoreFile(credential, value, file)}
            onUploaded={() => void refresh()}
          />
        </>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
      {naming && (
        <NameDialog
          title="New Vector Store"
          submitLabel="Create"
          initialName=""
          field={{ label: 'Vector store name', rules: [required('Vector store name')] }}
          onSubmit={create}
          onClose={() => setNaming(false)}
        />
      )}
    </Stack>
  )
}
