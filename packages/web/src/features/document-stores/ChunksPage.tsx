import Delete from '@mui/icons-material/DeleteOutlined'
import Edit from '@mui/icons-material/EditOutlined'
import Notes from '@mui/icons-material/NotesOutlined'
import SearchOff from '@mui/icons-material/SearchOff'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Pagination from '@mui/material/Pagination'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DocumentStoreChunk } from '@weft/core'
import { useState } from 'react'
import { useParams } from 'react-router'
import { deleteChunk, getChunks, updateChunk, type ChunkChange } from '../../api/documentStores'
import { useConfirm } from '../../components/confirm/useConfirm'
import EmptyState from '../../components/EmptyState'
import RowAction from '../../components/list/RowAction'
import { useListAction } from '../../components/list/useListAction'
import { notify } from '../../components/notifications/notify'
import LoadError, { RefreshError } from '../flows/LoadError'
import SearchField from '../flows/SearchField'
import { useCan } from '../flows/useCan'
import BackHeader from './BackHeader'
import ChunkCard from './ChunkCard'
import EditChunkDialog from './EditChunkDialog'
import { formatCount } from './numbers'
import { STORE_PERMISSIONS } from './permissions'
import { chunksKey, STORES_KEY } from './storeKeys'
import { useDebounced } from './useDebounced'

/** The server's page size (GET /document-store/chunks/…/:pageNo). */
export const CHUNKS_PER_PAGE = 50

/** /document-stores/chunks/:storeId/:fileId: one loader's chunks, fifty a page, searchable, editable. */
export default function ChunksPage() {
  const { storeId = '', fileId: loaderId = '' } = useParams()
  const queryClient = useQueryClient()
  const confirm = useConfirm()
  const run = useListAction(STORES_KEY)
  const canEdit = useCan(STORE_PERMISSIONS.update)
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<DocumentStoreChunk>()
  const searched = useDebounced(search.trim(), 300)
  // A new search starts at its first page, once the typing settles (not a request per key).
  const [paging, setPaging] = useState({ search: '', page: 1 })
  if (paging.search !== searched) setPaging({ search: searched, page: 1 })
  const page = paging.search === searched ? paging.page : 1
  const setPage = (next: number) => setPaging({ search: searched, page: next })

  const query = useQuery({
    queryKey: [...chunksKey(storeId, loaderId), page, searched],
    queryFn: () => getChunks(storeId, loaderId, page, searched),
    // The page on show stays while the next one loads, instead of a flash of skeletons.
    placeholderData: keepPreviousData,
  })
  const data = query.data
  const back = {
    to: `/document-stores/${encodeURIComponent(storeId)}`,
    label: data?.storeName ? `Back to ${data.storeName}` : 'Back to the document store',
  }

  const save = async (change: ChunkChange) => {
    if (!editing) return
    await updateChunk(editing, change)
    notify(`Chunk ${editing.chunkNo + 1} saved`, 'success')
    setEditing(undefined)
    await queryClient.invalidateQueries({ queryKey: [STORES_KEY] })
  }

  const remove = async (chunk: DocumentStoreChunk) => {
    const confirmed = await confirm({
      title: 'Delete chunk',
      description: `Delete chunk ${chunk.chunkNo + 1}? Flows will no longer find its text.`,
      confirmButtonName: 'Delete',
    })
    if (confirmed) await run(() => deleteChunk(chunk), `Chunk ${chunk.chunkNo + 1} deleted`, 'Failed to delete chunk')
  }

  if (!data)
    return (
      <>
        <BackHeader title="Chunks" back={back} />
        {query.isPending ? (
          <Box role="status" aria-label="Loading chunks">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} variant="rounded" height={120} sx={{ mb: 1.5 }} />
            ))}
          </Box>
        ) : (
          <LoadError what="chunks" error={query.error} onRetry={() => void query.refetch()} />
        )}
      </>
    )

  const chunks = Array.isArray(data.chunks) ? data.chunks : []
  const pages = Math.max(1, Math.ceil(data.count / CHUNKS_PER_PAGE))
  const first = (data.currentPage - 1) * CHUNKS_PER_PAGE + 1
  const loader = data.file
  return (
    <>
      <BackHeader title={loader?.loaderName ?? 'Chunks'} back={back}>
        <Typography variant="body2" color="text.secondary">
          {[data.storeName, loader?.source].filter(Boolean).join(' · ')}
        </Typography>
      </BackHeader>
      <Stack direction="row" spacing={1.5} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 2 }}>
        <SearchField value={search} onChange={setSearch} label="Search chunks" placeholder="Search the chunks' text" />
        <Typography variant="body2" color="text.secondary" role="status" sx={{ ml: 'auto' }}>
          {chunks.length === 0
            ? searched
              ? 'No chunks match'
              : 'No chunks'
            : `${formatCount(first)}–${formatCount(first + chunks.length - 1)} of ${formatCount(data.count)} chunks`}
        </Typography>
      </Stack>
      {query.error && <RefreshError what="chunks" error={query.error} onRetry={() => void query.refetch()} />}
      {chunks.length === 0 ? (
        <Card sx={{ borderStyle: 'dashed' }}>
          {searched ? (
            <EmptyState icon={SearchOff} title="No chunks match" description={`No chunk contains “${searched}”.`}>
              <Button variant="outlined" onClick={() => setSearch('')}>
                Clear search
              </Button>
            </EmptyState>
          ) : (
            <EmptyState
              icon={Notes}
              title="No chunks yet"
              description="Process this loader from its store to cut its documents into chunks."
            />
          )}
        </Card>
      ) : (
        <Stack spacing={1.5} sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          {chunks.map((chunk) => {
            const number = chunk.chunkNo + 1
            return (
              <ChunkCard
                key={chunk.id}
                number={number}
                pageContent={chunk.pageContent}
                metadata={chunk.metadata}
                actions={
                  canEdit && (
                    <>
                      <RowAction
                        title="Edit"
                        label={`Edit chunk ${number}`}
                        icon={<Edit fontSize="small" />}
                        onClick={() => setEditing(chunk)}
                      />
                      <RowAction
                        danger
                        title="Delete"
                        label={`Delete chunk ${number}`}
                        icon={<Delete fontSize="small" />}
                        onClick={() => void remove(chunk)}
                      />
                    </>
                  )
                }
              />
            )
          })}
        </Stack>
      )}
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Pagination
            aria-label="Chunk pages"
            count={pages}
            page={Math.min(page, pages)}
            onChange={(_event, next) => setPage(next)}
            color="primary"
          />
        </Box>
      )}
      {editing && (
        <EditChunkDialog
          key={editing.id}
          chunk={editing}
          onSubmit={save}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  )
}
