import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Link from '@mui/material/Link'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import dayjs from 'dayjs'
import relativeTime from 'dayjs/plugin/relativeTime'
import { useVersionInfo } from './useVersionInfo'

dayjs.extend(relativeTime)

const NONE = '—'

export default function VersionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { current, latest } = useVersionInfo(open)
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="version-dialog-title">
      <DialogTitle id="version-dialog-title">Version</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Current Version</TableCell>
              <TableCell>Latest Version</TableCell>
              <TableCell>Published At</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow sx={{ '& td': { borderBottom: 0 } }}>
              <TableCell>{current ?? NONE}</TableCell>
              <TableCell>
                {latest ? (
                  <Link href={latest.html_url} target="_blank" rel="noopener noreferrer">
                    {latest.name}
                  </Link>
                ) : (
                  NONE
                )}
              </TableCell>
              <TableCell>{latest ? dayjs(latest.published_at).fromNow() : NONE}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}
