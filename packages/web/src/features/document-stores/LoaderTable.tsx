import CloudUpload from '@mui/icons-material/CloudUploadOutlined'
import Delete from '@mui/icons-material/DeleteOutlined'
import Edit from '@mui/icons-material/EditOutlined'
import Refresh from '@mui/icons-material/Refresh'
import StopCircle from '@mui/icons-material/StopCircleOutlined'
import ViewList from '@mui/icons-material/ViewListOutlined'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { DocumentStoreJob, DocumentStoreLoader } from '@weft/core'
import { useNavigate } from 'react-router'
import ResourceTable, { type Column } from '../../components/list/ResourceTable'
import RowAction from '../../components/list/RowAction'
import JobProgress from './JobProgress'
import { formatCount } from './numbers'
import StatusChip from './StatusChip'
import { isJobActive } from './useStoreJobs'

export interface LoaderActions {
  process?: ((loader: DocumentStoreLoader) => void) | undefined
  cancel?: ((job: DocumentStoreJob) => void) | undefined
  remove?: ((loader: DocumentStoreLoader) => void) | undefined
  /** Upserts only this loader's chunks; offered once it has some. */
  upsert?: ((loader: DocumentStoreLoader) => void) | undefined
  /** Whether the user may change a loader's settings. */
  canEdit: boolean
}

interface LoaderTableProps {
  storeId: string
  loaders: DocumentStoreLoader[]
  /** The newest job of each loader, by loader id. */
  jobs: ReadonlyMap<string, DocumentStoreJob>
  actions: LoaderActions
}

const number = (value: number) => (
  <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
    {formatCount(value)}
  </Typography>
)

/** A store's loaders: what each reads, how it splits, how many chunks it made and where it stands. */
export default function LoaderTable({ storeId, loaders, jobs, actions }: LoaderTableProps) {
  const navigate = useNavigate()
  const store = encodeURIComponent(storeId)
  const activeJob = (loader: DocumentStoreLoader) => {
    const job = jobs.get(loader.id)
    return job && isJobActive(job) ? job : undefined
  }

  const columns: Column<DocumentStoreLoader>[] = [
    {
      header: 'Loader',
      cell: (loader) => (
        <Box>
          <Typography variant="body2" fontWeight={500}>
            {loader.loaderName}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {loader.splitterName ? `Split by ${loader.splitterName}` : 'Not split'}
          </Typography>
        </Box>
      ),
    },
    {
      header: 'Source',
      hideOnPhones: true,
      cell: (loader) => (
        <Typography variant="body2" sx={{ minWidth: 140, maxWidth: 320, overflowWrap: 'break-word' }}>
          {loader.source || loader.files?.map((file) => file.name).join(', ') || '—'}
        </Typography>
      ),
    },
    { header: 'Chunks', cell: (loader) => number(loader.totalChunks) },
    { header: 'Characters', hideOnPhones: true, cell: (loader) => number(loader.totalChars) },
    {
      header: 'Status',
      cell: (loader) => {
        const job = activeJob(loader)
        if (job) return <JobProgress job={job} label={`Processing ${loader.loaderName}`} />
        return (
          <Box>
            <StatusChip status={loader.status} title={loader.error} />
            {loader.status === 'ERROR' && loader.error && (
              <Typography variant="caption" color="error" component="p" sx={{ mt: 0.5, maxWidth: 260 }}>
                {loader.error}
              </Typography>
            )}
          </Box>
        )
      },
    },
  ]

  const rowActions = (loader: DocumentStoreLoader) => {
    const job = activeJob(loader)
    const name = loader.loaderName
    return (
      <>
        <RowAction
          title="View chunks"
          label={`View chunks of ${name}`}
          icon={<ViewList fontSize="small" />}
          onClick={() => navigate(`/document-stores/chunks/${store}/${encodeURIComponent(loader.id)}`)}
        />
        {actions.canEdit && (
          <RowAction
            title="Edit settings"
            label={`Edit settings of ${name}`}
            icon={<Edit fontSize="small" />}
            onClick={() =>
              navigate(
                `/document-stores/${store}/${encodeURIComponent(loader.loaderId)}?loader=${encodeURIComponent(loader.id)}`,
              )
            }
          />
        )}
        {job
          ? actions.cancel && (
              <RowAction
                title="Cancel"
                label={`Cancel processing ${name}`}
                icon={<StopCircle fontSize="small" />}
                onClick={() => actions.cancel?.(job)}
              />
            )
          : actions.process && (
              <RowAction
                title={loader.status === 'NEW' ? 'Process' : 'Process again'}
                label={loader.status === 'NEW' ? `Process ${name}` : `Process ${name} again`}
                icon={<Refresh fontSize="small" />}
                onClick={() => actions.process?.(loader)}
              />
            )}
        {actions.upsert && !job && loader.totalChunks > 0 && (
          <RowAction
            title="Upsert"
            label={`Upsert ${name}`}
            icon={<CloudUpload fontSize="small" />}
            onClick={() => actions.upsert?.(loader)}
          />
        )}
        {actions.remove && (
          <RowAction
            danger
            title="Delete"
            label={`Delete ${name}`}
            icon={<Delete fontSize="small" />}
            onClick={() => actions.remove?.(loader)}
          />
        )}
      </>
    )
  }

  return (
    <ResourceTable
      label="Document loaders"
      columns={columns}
      items={loaders}
      rowKey={(loader) => loader.id}
      actions={rowActions}
    />
  )
}
