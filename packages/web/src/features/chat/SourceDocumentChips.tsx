import Description from '@mui/icons-material/DescriptionOutlined'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableRow from '@mui/material/TableRow'
import { sourceDocumentLabel, type SourceDocument } from '@weft/core'
import { useState } from 'react'
import DetailDialog, { DetailSection } from './DetailDialog'
import MessageText from './MessageText'

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** The documents an answer drew on, as chips that open their text and metadata. */
export default function SourceDocumentChips({ documents }: { documents: SourceDocument[] }) {
  const [open, setOpen] = useState<SourceDocument | null>(null)
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
      {documents.map((document, index) => (
        <Chip
          key={index}
          size="small"
          variant="outlined"
          icon={<Description />}
          label={sourceDocumentLabel(document)}
          aria-label={`Source document: ${sourceDocumentLabel(document)}`}
          onClick={() => setOpen(document)}
        />
      ))}
      {open && (
        <DetailDialog title={sourceDocumentLabel(open)} onClose={() => setOpen(null)}>
          <DetailSection title="Text">
            <MessageText text={open.pageContent} />
          </DetailSection>
          {Object.keys(open.metadata).length > 0 && (
            <DetailSection title="Metadata">
              <Table size="small" aria-label="Metadata">
                <TableBody>
                  {Object.entries(open.metadata).map(([key, value]) => (
                    <TableRow key={key}>
                      <TableCell component="th" scope="row" sx={{ fontWeight: 600, verticalAlign: 'top' }}>
                        {key}
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{shown(value)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </DetailSection>
          )}
        </DetailDialog>
      )}
    </Box>
  )
}
