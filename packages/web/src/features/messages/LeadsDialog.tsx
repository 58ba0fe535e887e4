import ContactMailOutlined from '@mui/icons-material/ContactMailOutlined'
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { useQuery } from '@tanstack/react-query'
import { errorMessage, leadsToCsv, type Lead } from '@weft/core'
import { useId } from 'react'
import { getFlowLeads } from '../../api/messageHistory'
import EmptyState from '../../components/EmptyState'
import ResourceTable, { type Column } from '../../components/list/ResourceTable'
import TableSkeleton from '../../components/list/TableSkeleton'
import { fullDate } from '../flows/fromNow'
import { downloadText } from './downloadText'

interface LeadsDialogProps {
  flow: { id: string; name: string }
  onClose: () => void
}

const COLUMNS: Column<Lead>[] = [
  { header: 'Name', cell: (lead) => lead.name ?? '' },
  { header: 'Email Address', cell: (lead) => lead.email ?? '' },
  { header: 'Phone', cell: (lead) => lead.phone ?? '', nowrap: true },
  { header: 'Created Date', cell: (lead) => fullDate(lead.createdDate), nowrap: true },
]

/** The contact details people left in the flow's chatbot, exportable as CSV. */
export default function LeadsDialog({ flow, onClose }: LeadsDialogProps) {
  const titleId = useId()
  const leads = useQuery({ queryKey: ['flow-leads', flow.id], queryFn: () => getFlowLeads(flow.id) })
  const items = leads.data ?? []

  // A byte order mark, so spreadsheets read the names as UTF-8.
  const exportCsv = () => downloadText(`\uFEFF${leadsToCsv(items)}`, `${flow.id}-Leads.csv`, 'text/csv')

  const content = () => {
    if (leads.isError) {
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void leads.refetch()}>
              Retry
            </Button>
          }
        >
          The leads could not be loaded: {errorMessage(leads.error)}
        </Alert>
      )
    }
    if (leads.isPending) return <TableSkeleton label="Loading leads" />
    if (items.length === 0) {
      return (
        <EmptyState
          icon={ContactMailOutlined}
          title="No leads yet"
          description="Leads are the contact details people leave when the flow's chatbot asks for them: turn that on under Configuration, Leads."
        />
      )
    }
    return <ResourceTable label="Leads" columns={COLUMNS} items={items} rowKey={(lead) => lead.id} />
  }

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Leads of {flow.name}</DialogTitle>
      <DialogContent dividers>{content()}</DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button startIcon={<FileDownloadOutlined />} disabled={items.length === 0} onClick={exportCsv}>
          Export CSV
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}
