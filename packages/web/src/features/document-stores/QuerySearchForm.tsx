import Search from '@mui/icons-material/Search'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { readMetadataFilter, type VectorQuery } from '@weft/core'
import { useState, type FormEvent, type KeyboardEvent } from 'react'

export type QueryFields = Omit<VectorQuery, 'storeId'>

interface QuerySearchFormProps {
  /** Top K to start with, e.g. the vector store's own setting. */
  defaultTopK: number
  searching: boolean
  onSearch: (fields: QueryFields) => void
}

/** The query, how many chunks to return, and a metadata filter checked before anything is sent. */
export default function QuerySearchForm({ defaultTopK, searching, onSearch }: QuerySearchFormProps) {
  const [query, setQuery] = useState('')
  const [topK, setTopK] = useState(String(defaultTopK))
  const [filterText, setFilterText] = useState('')
  const [errors, setErrors] = useState<{ query?: string; topK?: string; filter?: string }>({})

  const search = () => {
    const count = Number(topK)
    const read = readMetadataFilter(filterText.trim())
    const found = {
      ...(query.trim() === '' ? { query: 'Type what to search for' } : {}),
      ...(!Number.isInteger(count) || count < 1 ? { topK: 'A whole number, 1 or more' } : {}),
      ...(read.error ? { filter: read.error } : {}),
    }
    setErrors(found)
    if (Object.keys(found).length > 0) return
    onSearch({ query: query.trim(), topK: count, ...(read.filter ? { filter: read.filter } : {}) })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    search()
  }

  // Enter in the query box searches; handled here instead of left to the browser's implicit submission.
  const searchOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    search()
  }

  return (
    <Box component="form" noValidate role="search" aria-label="Retrieval query" onSubmit={submit}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ xs: 'stretch', sm: 'flex-start' }}>
          <TextField
            label="Query"
            placeholder="What does a flow ask the store?"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={searchOnEnter}
            error={Boolean(errors.query)}
            helperText={errors.query}
            autoFocus
            fullWidth
          />
          <TextField
            label="Top K"
            type="number"
            value={topK}
            onChange={(event) => setTopK(event.target.value)}
            error={Boolean(errors.topK)}
            helperText={errors.topK}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
            sx={{ width: { xs: '100%', sm: 120 }, flexShrink: 0 }}
          />
        </Stack>
        <TextField
          label="Metadata filter (JSON)"
          placeholder='{ "source": "handbook.pdf" }'
          multiline
          minRows={2}
          maxRows={8}
          value={filterText}
          onChange={(event) => setFilterText(event.target.value)}
          error={Boolean(errors.filter)}
          helperText={errors.filter ?? 'Optional: only chunks whose metadata has each of these keys and values.'}
          slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 }, spellCheck: false } }}
        />
        <Box>
          <Button type="submit" variant="contained" startIcon={<Search />} loading={searching}>
            Search
          </Button>
        </Box>
      </Stack>
    </Box>
  )
}
