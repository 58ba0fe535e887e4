import Delete from '@mui/icons-material/DeleteOutlined'
import Download from '@mui/icons-material/FileDownloadOutlined'
import FolderOpen from '@mui/icons-material/FolderOpenOutlined'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { formatFileSize, type FilePlace, type UserFile } from '@weft/core'
import { useDeferredValue, useMemo, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { deleteFile, fileDownloadUrl, listFiles } from '../../api/files'
import { useConfirm } from '../../components/confirm/useConfirm'
import { matchesText } from '../../components/list/matchesText'
import ResourceList from '../../components/list/ResourceList'
import ResourceTable, { type Column } from '../../components/list/ResourceTable'
import RowAction from '../../components/list/RowAction'
import { useListAction } from '../../components/list/useListAction'
import { useSession } from '../../store/session'
import { canvasPathOf } from '../flows/canvasPathOf'
import { fromNow, fullDate } from '../flows/fromNow'

export const FILES_KEY = 'files'

const SOURCES: Record<UserFile['source'], string> = {
  chat: 'Chat attachment',
  documentStore: 'Document store',
  assistant: 'Assistant',
}

/** "Support bot · Chat 1f2e…", "Handbook · Csv File", "Analyst · Kept by OpenAI". */
export function placeText(place: FilePlace): string {
  return place.detail ? `${place.name} · ${place.detail}` : place.name
}

const placeLink = (place: FilePlace): string | undefined =>
  place.kind === 'chat' && place.flowType
    ? canvasPathOf({ id: place.id, type: place.flowType })
    : place.kind === 'documentStore'
      ? `/document-stores/${encodeURIComponent(place.id)}`
      : place.kind === 'assistant'
        ? '/assistants/openai'
        : undefined

/** What the confirm says before a delete: where the file is used and what deleting it does. */
export function deleteWarning(file: UserFile): string {
  const where = placeText(file.usedIn)
  if (file.source === 'chat')
    return `Delete ${file.name}? It was sent in a chat of ${file.usedIn.name} (${file.usedIn.detail ?? 'a chat'}); the chat will no longer show it.`
  if (file.source === 'documentStore')
    return file.inUse
      ? `${file.name} is used by the loader ${file.usedIn.detail ?? ''} of the document store ${file.usedIn.name}. Remove it from the loader first; deleting will be refused.`
      : `Delete ${file.name}? It was uploaded to the document store ${file.usedIn.name} and no loader reads it.`
  return `${file.name} is used by the assistant ${where}. Remove it from the assistant first; deleting will be refused.`
}

/** The short name of a content type: "PNG", "CSV", "PDF", or the type itself. */
export function typeLabel(type: string): string {
  const known: Record<string, string> = {
    'application/pdf': 'PDF',
    'text/csv': 'CSV',
    'text/plain': 'Text',
    'application/json': 'JSON',
    'text/markdown': 'Markdown',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
    'application/octet-stream': 'File',
  }
  const bare = type.split(';')[0]!.trim().toLowerCase()
  if (known[bare]) return known[bare]
  if (bare.startsWith('image/')) return bare.slice('image/'.length).toUpperCase()
  return bare || 'File'
}

/** /files: every file users uploaded in the active workspace, where it is used, download and delete. */
export default function FilesPage() {
  const workspaceId = useSession((state) => state.user?.activeWorkspaceId)
  const query = useQuery({ queryKey: [FILES_KEY, workspaceId], queryFn: listFiles })
  const confirm = useConfirm()
  const run = useListAction(FILES_KEY)
  const [search, setSearch] = useState('')
  const items = useMemo(() => query.data?.files ?? [], [query.data])
  const wanted = useDeferredValue(search)
  const shown = useMemo(
    () =>
      items.filter((file) =>
        matchesText([file.name, typeLabel(file.type), SOURCES[file.source], placeText(file.usedIn)], wanted),
      ),
    [items, wanted],
  )

  const remove = async (file: UserFile) => {
    const confirmed = await confirm({
      title: 'Delete file',
      description: deleteWarning(file),
      confirmButtonName: 'Delete',
    })
    if (confirmed) await run(() => deleteFile(file.id), `${file.name} deleted`, 'Failed to delete file')
  }

  const columns: Column<UserFile>[] = [
    {
      header: 'Name',
      cell: (file) => (
        <>
          <Typography variant="body2" fontWeight={500} sx={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Typography>
          {/* On phones the other columns give way: what they say goes under the name. */}
          <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', md: 'none' } }}>
            {`${typeLabel(file.type)} · ${formatFileSize(file.size)} · ${fromNow(file.addedDate)}`}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', md: 'none' } }}>
            {`${SOURCES[file.source]}: ${placeText(file.usedIn)}`}
          </Typography>
        </>
      ),
    },
    {
      header: 'Type',
      nowrap: true,
      hideOnPhones: true,
      cell: (file) => (
        <Typography variant="body2" color="text.secondary" title={file.type}>
          {typeLabel(file.type)}
        </Typography>
      ),
    },
    {
      header: 'Size',
      nowrap: true,
      hideOnPhones: true,
      cell: (file) => <Typography variant="body2">{formatFileSize(file.size)}</Typography>,
    },
    {
      header: 'Where used',
      hideOnPhones: true,
      cell: (file) => {
        const to = placeLink(file.usedIn)
        return (
          <Stack spacing={0.25} alignItems="flex-start" sx={{ minWidth: 200 }}>
            <Typography variant="caption" color="text.secondary">
              {SOURCES[file.source]}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'break-word' }}>
              {to ? (
                <Link component={RouterLink} to={to} underline="hover">
                  {file.usedIn.name}
                </Link>
              ) : (
                file.usedIn.name
              )}
              {file.usedIn.detail && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {` · ${file.usedIn.detail}`}
                </Typography>
              )}
            </Typography>
          </Stack>
        )
      },
    },
    {
      header: 'Added',
      nowrap: true,
      hideOnPhones: true,
      cell: (file) => (
        <Typography variant="body2" color="text.secondary" title={fullDate(file.addedDate)}>
          {fromNow(file.addedDate)}
        </Typography>
      ),
    },
  ]

  const actions = (file: UserFile) => (
    <>
      {file.downloadable && (
        <Tooltip title="Download">
          <IconButton size="small" aria-label={`Download ${file.name}`} href={fileDownloadUrl(file.id)} download>
            <Download fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <RowAction
        danger
        title="Delete"
        label={`Delete ${file.name}`}
        icon={<Delete fontSize="small" />}
        onClick={() => void remove(file)}
      />
    </>
  )

  const storage =
    items.length > 0 ? (
      <Chip
        variant="outlined"
        label={`Total storage: ${formatFileSize(query.data?.totalSize ?? 0)}`}
        aria-label={`Total storage ${formatFileSize(query.data?.totalSize ?? 0)}`}
      />
    ) : null

  return (
    <ResourceList
      title="Files"
      description="Every file uploaded in this workspace: chat attachments, document store files and assistant files."
      noun="files"
      addButton={storage}
      list={{ total: items.length, isPending: query.isPending, error: query.error, refetch: query.refetch }}
      search={search}
      onSearch={setSearch}
      searchPlaceholder="Search by name, type or where used"
      shownCount={shown.length}
      empty={{
        icon: FolderOpen,
        title: 'No files yet',
        description: 'Images sent in chats, files uploaded to document stores and assistant files will be listed here.',
      }}
    >
      <ResourceTable label="Files" columns={columns} items={shown} rowKey={(file) => file.id} actions={actions} />
    </ResourceList>
  )
}
